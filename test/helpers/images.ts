import sharp from 'sharp';

/** A small photo-like JPEG carrying EXIF metadata (camera, author and GPS position), as phones write them. */
export function jpegWithLocation(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#4a7' } })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Artist: 'Ada Lovelace' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();
}

export function png(width = 20, height = 20): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#c33' } })
    .png()
    .toBuffer();
}

export function gif(width = 20, height = 20): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#33c' } })
    .gif()
    .toBuffer();
}

/** A form with the fields and, optionally, a file part named `file`. */
export function multipartForm(
  fields: Record<string, string>,
  file?: { bytes: Uint8Array; name: string; type?: string },
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) {
    form.append(
      'file',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  }
  return form;
}
