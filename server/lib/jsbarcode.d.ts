// JsBarcode ships no types for its encoders; code128.ts says what it uses of this one.
declare module 'jsbarcode/bin/barcodes/CODE128/index.js' {
  const encoders: unknown
  export default encoders
}
