export declare const GATEWAY_SANDBOX_PROVIDERS: readonly ['paypal', 'redsys', 'aplazame', 'sibs', 'inespay', 'financing'];
export type GatewaySandboxProvider = (typeof GATEWAY_SANDBOX_PROVIDERS)[number];
export declare const GATEWAY_BASE_URL_VARS: Record<GatewaySandboxProvider, string>;
export declare function gatewaySandboxVars(origin: string): Record<string, string>;
