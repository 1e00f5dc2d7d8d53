import { describe, expect, it } from 'vitest';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../../../lambdas/errors';
import { parseMultipartForm } from '../../../lambdas/middleware/multipart';
import { apiEvent } from '../../helpers/api-event';
import { signedInMultipartEvent } from '../../helpers/handler-harness';
import { multipartForm } from '../../helpers/images';

const limits = { maxFileBytes: 1024 };

describe('parseMultipartForm', () => {
  it('reads the text fields and the file part named file', async () => {
    const event = await signedInMultipartEvent(
      {},
      multipartForm(
        { title: 'Dune', description: 'Spice, é' },
        { bytes: new Uint8Array([1, 2, 3]), name: 'a.png' },
      ),
    );

    const form = await parseMultipartForm(event, limits);

    expect(form.fields).toEqual({ title: 'Dune', description: 'Spice, é' });
    expect(form.file).toEqual({ fileName: 'a.png', bytes: Buffer.from([1, 2, 3]) });
  });

  it('treats an empty file part (a form with no file chosen) as no file', async () => {
    const event = await signedInMultipartEvent(
      {},
      multipartForm({ title: 'Dune' }, { bytes: new Uint8Array(), name: '' }),
    );

    const form = await parseMultipartForm(event, limits);

    expect(form.file).toBeUndefined();
  });

  it('accepts a file at the limit and refuses a larger one with 413', async () => {
    const atLimit = await signedInMultipartEvent(
      {},
      multipartForm({}, { bytes: new Uint8Array(1024), name: 'a' }),
    );
    const over = await signedInMultipartEvent(
      {},
      multipartForm({}, { bytes: new Uint8Array(1025), name: 'a' }),
    );

    expect((await parseMultipartForm(atLimit, limits)).file?.bytes.length).toBe(1024);
    await expect(parseMultipartForm(over, limits)).rejects.toBeInstanceOf(PayloadTooLargeError);
  });

  it('refuses a field over its limit with 413 rather than cutting it', async () => {
    const event = await signedInMultipartEvent({}, multipartForm({ stories: 'x'.repeat(100) }));

    await expect(parseMultipartForm(event, { ...limits, maxFieldBytes: 50 })).rejects.toBeInstanceOf(
      PayloadTooLargeError,
    );
  });

  it('refuses a form with too many fields with 400', async () => {
    const fields = Object.fromEntries(Array.from({ length: 5 }, (_, index) => [`field${index}`, 'x']));
    const event = await signedInMultipartEvent({}, multipartForm(fields));

    await expect(parseMultipartForm(event, { ...limits, maxFields: 3 })).rejects.toBeInstanceOf(
      ValidationError,
    );
  });

  it('answers 415 for a body that is not multipart', async () => {
    const event = apiEvent({ method: 'POST', body: { title: 'Dune' } });

    await expect(parseMultipartForm(event, limits)).rejects.toBeInstanceOf(UnsupportedMediaTypeError);
  });

  it('answers 400 for a multipart body cut short', async () => {
    const event = await signedInMultipartEvent({}, multipartForm({ title: 'Dune' }));
    const body = Buffer.from(event.body!, 'base64');
    const cut = { ...event, body: body.subarray(0, body.length - 20).toString('base64') };

    await expect(parseMultipartForm(cut, limits)).rejects.toBeInstanceOf(ValidationError);
  });

  it('answers 400 for a body cut short inside a file part, leaving no stream error unhandled', async () => {
    const cut = [
      '--XX',
      'Content-Disposition: form-data; name="file"; filename="a.png"',
      'Content-Type: image/png',
      '',
      'abc',
    ].join('\r\n');
    const event = apiEvent({
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=XX' },
      body: cut,
    });

    await expect(parseMultipartForm(event, limits)).rejects.toMatchObject({
      status: 400,
      message: 'The multipart body could not be read.',
    });
  });

  it('answers 400 for a body cut short inside a part it ignores', async () => {
    const cut = '--XX\r\nContent-Disposition: form-data; name="other"; filename="b.png"\r\n\r\nabc';
    const event = apiEvent({
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=XX' },
      body: cut,
    });

    await expect(parseMultipartForm(event, limits)).rejects.toBeInstanceOf(ValidationError);
  });
});
