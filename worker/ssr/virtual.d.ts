declare module 'virtual:client-manifest' {
  const manifest: Record<string, { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[] }>;
  export default manifest;
}
