/**
 * Where a PNG, JPEG or GIF ends, read from its own structure. Bytes after that end are how polyglots are made
 * (a JPEG that is also a zip or an HTML page, a GIF that is also a script): re-encoding would drop them, but a
 * file built to be two things is refused outright rather than cleaned.
 */

type ImageMime = 'image/png' | 'image/jpeg' | 'image/gif';

/** The length of the image proper, or undefined when its structure cannot be followed to its end. */
export function imageByteLength(bytes: Buffer, mime: ImageMime): number | undefined {
  switch (mime) {
    case 'image/png':
      return pngLength(bytes);
    case 'image/jpeg':
      return jpegLength(bytes);
    case 'image/gif':
      return gifLength(bytes);
  }
}

/** True when anything but zero padding follows the image's end, or its end cannot be found. */
export function hasDataAfterImage(bytes: Buffer, mime: ImageMime): boolean {
  const length = imageByteLength(bytes, mime);
  if (length === undefined) return true;
  return bytes.subarray(length).some((byte) => byte !== 0);
}

/** Chunks of length, type, data and CRC after the 8-byte signature, up to and including IEND. */
function pngLength(bytes: Buffer): number | undefined {
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const dataLength = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    offset += 12 + dataLength;
    if (type === 'IEND') return offset <= bytes.length ? offset : undefined;
  }
  return undefined;
}

/**
 * Marker segments (each `FF xx` with a 2-byte length) until a scan; scan data runs until the next marker that is
 * neither a stuffed `FF 00` nor a restart marker; EOI (`FF D9`) ends the image.
 */
function jpegLength(bytes: Buffer): number | undefined {
  let offset = 2;
  while (offset + 1 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd9) return offset + 2;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (offset + 3 >= bytes.length) return undefined;
    offset += 2 + bytes.readUInt16BE(offset + 2);
    if (marker === 0xda) {
      while (offset + 1 < bytes.length) {
        const next = bytes[offset + 1]!;
        if (bytes[offset] === 0xff && next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) break;
        offset += 1;
      }
    }
  }
  return undefined;
}

/** Header, screen descriptor and colour table, then extension and image blocks of sub-blocks, then the `;` trailer. */
function gifLength(bytes: Buffer): number | undefined {
  if (bytes.length < 13) return undefined;
  const colourTableSize = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  let offset = 13 + colourTableSize(bytes[10]!);
  const skipSubBlocks = () => {
    while (offset < bytes.length && bytes[offset] !== 0) offset += bytes[offset]! + 1;
    offset += 1;
  };
  while (offset < bytes.length) {
    const introducer = bytes[offset];
    if (introducer === 0x3b) return offset + 1;
    if (introducer === 0x21) {
      offset += 2;
      skipSubBlocks();
    } else if (introducer === 0x2c) {
      if (offset + 10 > bytes.length) return undefined;
      offset += 10 + colourTableSize(bytes[offset + 9]!) + 1;
      skipSubBlocks();
    } else {
      return undefined;
    }
  }
  return undefined;
}
