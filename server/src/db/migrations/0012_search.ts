export async function up(): Promise<void> {}
export async function down(): Promise<void> {}
