import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../web/src/lib/api-client';
import { earlyReadsOf } from '../../../web/src/boot/start-early-reads';
import { EARLY_READ_FRESH_MS, startEarlyRead, takeEarlyRead } from '../../../web/src/lib/early-reads';
import { jsonResponse, stubFetch } from '../helpers/fetch-stub';

describe('early reads (issue 26 §3)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('names the reads an address starts with, the author first', () => {
    // Act
    const reads = {
      stories: earlyReadsOf('/stories'),
      workspace: earlyReadsOf('/stories/story%201'),
      newStory: earlyReadsOf('/stories/new'),
      badlyEncoded: earlyReadsOf('/stories/%E0%A4%A'),
      bible: earlyReadsOf('/stories/s1/bible'),
      home: earlyReadsOf('/'),
    };

    // Assert
    expect(reads).toEqual({
      stories: ['/api/user', '/api/stories', '/api/series', '/api/shared'],
      workspace: [
        '/api/user',
        '/api/stories/story%201',
        '/api/stories/story%201/settings',
        '/api/stories/story%201/progress',
        '/api/stories/story%201/associations/thumbs',
      ],
      newStory: ['/api/user'],
      badlyEncoded: ['/api/user'],
      bible: ['/api/user'],
      home: ['/api/user'],
    });
  });

  it('hands a started read to the api-client once, which then reads afresh', async () => {
    // Arrange
    let answers = 0;
    const fetchMock = stubFetch(() => jsonResponse({ answer: (answers += 1) }));
    startEarlyRead('/api/early-once');

    // Act
    const first = await api.get('/api/early-once');
    const second = await api.get('/api/early-once');

    // Assert
    expect(first).toEqual({ answer: 1 });
    expect(second).toEqual({ answer: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Accept')).toBe('application/json');
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('same-origin');
  });

  it('starts no read of an address the app has read itself, so a later read gets no older answer', async () => {
    // Arrange
    let version = 1;
    const fetchMock = stubFetch(() => jsonResponse({ version }));
    const first = await api.get('/api/early-late');

    // Act
    const started = startEarlyRead('/api/early-late');
    version = 2;
    const second = await api.get('/api/early-late');

    // Assert
    expect(started).toBeUndefined();
    expect([first, second]).toEqual([{ version: 1 }, { version: 2 }]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('stands in for reads only: a write to the address is sent', async () => {
    // Arrange
    const fetchMock = stubFetch(() => jsonResponse({}));
    startEarlyRead('/api/early-write');

    // Act
    await api.put('/api/early-write', { renewing: true });

    // Assert
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('PUT');
    expect(takeEarlyRead('/api/early-write')).toBeDefined();
  });

  it('forgets a read not taken while young', () => {
    // Arrange
    vi.useFakeTimers();
    stubFetch(() => jsonResponse({}));
    startEarlyRead('/api/early-old');

    // Act
    vi.advanceTimersByTime(EARLY_READ_FRESH_MS);

    // Assert
    expect(takeEarlyRead('/api/early-old')).toBeUndefined();
  });
});
