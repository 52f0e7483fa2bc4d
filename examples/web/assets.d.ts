// Vite's `?url` imports (a file emitted as an asset, imported as its URL), for the type checker.
declare module '*?url' {
  const url: string;
  export default url;
}
