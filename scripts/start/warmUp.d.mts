export declare function firstWarmUpPaths(zone: string): string[];
export declare function workspaceWarmUpPath(homeHtml: string, zone: string): string | null;
export declare function machineZone(): string;
export declare function warmUp(url: string): Promise<string>;
