export declare const sdkEntries: string[];
export declare const sdkDeps: { optimizer: { client: { enabled: boolean; include: string[] } } };
