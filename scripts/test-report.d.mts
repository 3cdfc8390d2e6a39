export interface FileTime {
  file: string;
  ms: number;
  tests: number;
}
export interface RunnerSummary {
  passed: number;
  failed: number;
  skipped: number;
  files: FileTime[];
  failures: FailedTest[];
}
export interface FailedTest {
  file: string;
  test: string;
  message: string;
}
export declare function readReport(file: string | undefined): unknown;
export declare function vitestSummary(report: unknown): RunnerSummary;
export declare function playwrightSummary(report: unknown): RunnerSummary;
export declare function slowestLines(files: FileTime[], root: string, count?: number): string[];
export declare function failureLines(failures: FailedTest[], root: string, count?: number): string[];
export declare function yardstick(): { seconds: number; mibPerSecond: number };
export declare function loadLine(): string;
export declare function cores(): number;
