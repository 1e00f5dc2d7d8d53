import { describe, expect, it } from 'vitest';
import { ApiError, api } from '../../../web/src/lib/api-client';
import { getPendingCount } from '../../../web/src/lib/pending-requests';
import { deferred, emptyResponse, jsonResponse, stubFetch } from '../helpers/fetch-stub';

async function captureError(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('Expected the call to fail.');
}

describe('api client', () => {
  it('sends a JSON body with same-origin credentials and resolves with the parsed response', async () => {
    // Arrange
    const fetchMock = stubFetch(() => jsonResponse({ renewing: true }));

    // Act
    const result = await api.put<{ renewing: boolean }>('/api/user', { renewing: true });

    // Assert
    expect(result).toEqual({ renewing: true });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/user');
    expect(init?.method).toBe('PUT');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe('{"renewing":true}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('adds query parameters and leaves out undefined ones', async () => {
    // Arrange
    const fetchMock = stubFetch(() => jsonResponse({ url: 'https://example.test/file.pdf' }));

    // Act
    await api.put('/api/stories/s1/export', {}, { query: { type: 'pdf', chapter: undefined } });

    // Assert
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/stories/s1/export?type=pdf');
  });

  it('resolves with undefined when the server answers 204 No Content', async () => {
    // Arrange
    stubFetch(() => emptyResponse(204));

    // Act
    const result = await api.delete('/auth/logout');

    // Assert
    expect(result).toBeUndefined();
  });

  it('throws an ApiError with the status, code and message of the server error body', async () => {
    // Arrange
    stubFetch(() => jsonResponse({ error: 'not_found', message: 'Story not found.' }, 404));

    // Act
    const error = await captureError(api.get('/api/stories/missing'));

    // Assert
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'Story not found.' });
  });

  it('falls back to an http_<status> code when the error body is not JSON', async () => {
    // Arrange
    stubFetch(() => new Response('Bad gateway', { status: 502, headers: { 'Content-Type': 'text/plain' } }));

    // Act
    const error = await captureError(api.get('/api/series'));

    // Assert
    expect(error).toMatchObject({ status: 502, code: 'http_502' });
  });

  it('reports an unreachable server as an ApiError with status 0', async () => {
    // Arrange
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));

    // Act
    const error = await captureError(api.get('/api/stories'));

    // Assert
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
  });

  it('reports a successful response with malformed JSON as invalid_response', async () => {
    // Arrange
    stubFetch(
      () => new Response('{not json', { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );

    // Act
    const error = await captureError(api.get('/api/stories'));

    // Assert
    expect(error).toMatchObject({ status: 200, code: 'invalid_response' });
  });

  it('counts a foreground request as pending until its response arrives', async () => {
    // Arrange
    const response = deferred<Response>();
    stubFetch(() => response.promise);

    // Act
    const request = api.get('/api/stories');
    const countWhilePending = getPendingCount();
    response.resolve(jsonResponse([]));
    await request;

    // Assert
    expect(countWhilePending).toBe(1);
    expect(getPendingCount()).toBe(0);
  });

  it('stops counting a failed request as pending', async () => {
    // Arrange
    stubFetch(() => jsonResponse({ error: 'internal', message: 'Boom.' }, 500));

    // Act
    await captureError(api.get('/api/stories'));

    // Assert
    expect(getPendingCount()).toBe(0);
  });

  it('leaves background requests out of the pending count and passes keepalive through', async () => {
    // Arrange
    const response = deferred<Response>();
    const fetchMock = stubFetch(() => response.promise);

    // Act
    const request = api.put('/api/stories/s1', { blocks: [] }, { background: true, keepalive: true });
    const countWhilePending = getPendingCount();
    response.resolve(emptyResponse(204));
    await request;

    // Assert
    expect(countWhilePending).toBe(0);
    expect(fetchMock.mock.calls[0]?.[1]?.keepalive).toBe(true);
  });

  it('sends FormData as multipart, leaving the Content-Type (and its boundary) to the browser', async () => {
    // Arrange
    const fetchMock = stubFetch(() => jsonResponse({ story_id: 's1' }, 201));
    const form = new FormData();
    form.append('title', 'The Long Road');

    // Act
    await api.post('/api/stories', form);

    // Assert
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
  });
});
