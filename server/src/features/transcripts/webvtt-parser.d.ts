// Types for the parts of webvtt-parser (a W3C WebVTT parser without its own typings) used here.
declare module 'webvtt-parser' {
  export interface WebVttNode {
    type: 'text' | 'object' | 'timestamp';
    name?: string;
    value?: string;
    classes?: string[];
    children?: WebVttNode[];
  }
  export interface WebVttCue {
    id: string;
    startTime: number;
    endTime: number;
    text: string;
    tree: { children: WebVttNode[] };
  }
  export interface WebVttError {
    message: string;
    line: number;
    col: number;
  }
  export class WebVTTParser {
    parse(input: string, mode?: 'metadata' | 'chapters'): { cues: WebVttCue[]; errors: WebVttError[]; time: number };
  }
  const parser: { WebVTTParser: typeof WebVTTParser };
  export default parser;
}
