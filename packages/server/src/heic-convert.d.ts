// heic-convert 2 ships no types; the part of its API the HEIC preview uses.
declare module 'heic-convert' {
  interface ConvertOptions {
    buffer: Uint8Array;
    format: 'JPEG' | 'PNG';
    /** 0 to 1, JPEG only; 0.92 by default. */
    quality?: number;
  }
  /** The first image of a HEIC/HEIF file, encoded as `format`. */
  function convert(options: ConvertOptions): Promise<Uint8Array>;
  export default convert;
}
