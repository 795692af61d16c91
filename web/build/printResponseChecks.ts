// Prints the response checks module (see responseChecks.ts); the Vite plugin runs this with tsx.
import { responseChecksModule } from './responseChecks.js';

process.stdout.write(responseChecksModule());
