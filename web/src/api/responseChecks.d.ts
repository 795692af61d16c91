/** The compiled response checks (web/build/responseChecks.ts), served as `virtual:response-checks`. */
declare module 'virtual:response-checks' {
  interface CompiledCheck {
    (data: unknown): boolean;
    errors?: { instancePath: string; message?: string }[] | null;
  }
  export const loginResponse: CompiledCheck;
  export const meResponse: CompiledCheck;
  export const dashboardOverview: CompiledCheck;
}
