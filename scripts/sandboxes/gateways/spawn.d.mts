import type { ChildProcess } from 'node:child_process';
export declare function startGatewaySandboxes(options: { port: number; storeUrl: string; quiet?: boolean }): ChildProcess;
