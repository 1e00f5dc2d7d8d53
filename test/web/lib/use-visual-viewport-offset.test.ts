import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  useVisualViewportOffset,
  type VisualViewportEdge,
} from '../../../web/src/lib/use-visual-viewport-offset';

/** A visual viewport as a phone's browser reports it: a window 900 px tall, keyboard down, not zoomed. */
class FakeVisualViewport extends EventTarget {
  height = 900;
  offsetTop = 0;
  scale = 1;
}

let viewport: FakeVisualViewport;
let frames: FrameRequestCallback[];

/** Runs the animation frames asked for so far, as the browser would before its next paint. */
function nextFrame() {
  const due = frames;
  frames = [];
  act(() => due.forEach((callback) => callback(0)));
}

beforeEach(() => {
  viewport = new FakeVisualViewport();
  frames = [];
  Object.defineProperty(window, 'visualViewport', { value: viewport, configurable: true });
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window, 'visualViewport');
});

/**
 * The hook on an element whose box, in the layout viewport, spans `box` without the offset; the box it reports
 * is moved by the offset the hook last gave, as `translateY` draws it.
 */
function renderOffset(edge: VisualViewportEdge, box: { top: number; bottom: number }) {
  const element = document.createElement('div');
  document.createElement('section').append(element);
  const ref = { current: element };
  const hook = renderHook(() => useVisualViewportOffset(ref, edge));
  element.getBoundingClientRect = () =>
    DOMRect.fromRect({ y: box.top + hook.result.current, height: box.bottom - box.top, width: 375 });
  nextFrame();
  return hook;
}

function openKeyboard({ height, offsetTop }: { height: number; offsetTop: number }) {
  viewport.height = height;
  viewport.offsetTop = offsetTop;
  viewport.dispatchEvent(new Event('resize'));
  viewport.dispatchEvent(new Event('scroll'));
  nextFrame();
}

describe('useVisualViewportOffset', () => {
  it('leaves a toolbar where it is while the whole page is on screen', () => {
    const { result } = renderOffset('top', { top: 80, bottom: 180 });

    expect(result.current).toBe(0);
  });

  it('moves a toolbar to the top of the visual viewport when the keyboard pans it down the page', () => {
    const toolbar = { top: 80, bottom: 180 };
    const { result } = renderOffset('top', toolbar);

    openKeyboard({ height: 500, offsetTop: 300 });

    expect(result.current).toBe(220);
  });

  it('follows the visual viewport as it pans on, and back when the keyboard closes', () => {
    const { result } = renderOffset('top', { top: 80, bottom: 180 });
    openKeyboard({ height: 500, offsetTop: 300 });

    viewport.offsetTop = 350;
    viewport.dispatchEvent(new Event('scroll'));
    nextFrame();
    const pannedOn = result.current;
    openKeyboard({ height: 900, offsetTop: 0 });

    expect(pannedOn).toBe(270);
    expect(result.current).toBe(0);
  });

  it('follows the page when the browser scrolls it under the keyboard instead (iOS Safari)', () => {
    const toolbar = { top: 80, bottom: 180 };
    const { result } = renderOffset('top', toolbar);

    toolbar.top = -220;
    toolbar.bottom = -120;
    viewport.height = 500;
    window.dispatchEvent(new Event('scroll'));
    nextFrame();

    expect(result.current).toBe(220);
  });

  it('measures again when a box holding the toolbar resizes, as the workspace hides its header', () => {
    const resized: ResizeObserverCallback[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: ResizeObserverCallback) {
          resized.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    const toolbar = { top: 80, bottom: 180 };
    const { result } = renderOffset('top', toolbar);
    openKeyboard({ height: 500, offsetTop: 300 });

    toolbar.top = 8;
    toolbar.bottom = 108;
    act(() => resized.forEach((callback) => callback([], {} as ResizeObserver)));
    nextFrame();

    expect(result.current).toBe(292);
  });

  it('lifts an element at the bottom of the window above the keyboard', () => {
    const { result } = renderOffset('bottom', { top: 860, bottom: 888 });

    openKeyboard({ height: 500, offsetTop: 0 });

    expect(result.current).toBe(-388);
  });

  it('leaves the element alone while the page is pinch-zoomed', () => {
    const { result } = renderOffset('top', { top: 80, bottom: 180 });

    viewport.scale = 2;
    openKeyboard({ height: 450, offsetTop: 300 });

    expect(result.current).toBe(0);
  });

  it('measures once a frame however many events come', () => {
    renderOffset('top', { top: 80, bottom: 180 });

    for (let event = 0; event < 10; event += 1) viewport.dispatchEvent(new Event('scroll'));

    expect(frames).toHaveLength(1);
  });

  it('stops listening when unmounted', () => {
    const { unmount } = renderOffset('top', { top: 80, bottom: 180 });

    unmount();
    viewport.dispatchEvent(new Event('resize'));
    viewport.dispatchEvent(new Event('scroll'));
    window.dispatchEvent(new Event('scroll'));

    expect(frames).toHaveLength(0);
  });

  it('gives 0 in a browser without a visual viewport', () => {
    Reflect.deleteProperty(window, 'visualViewport');

    const { result } = renderOffset('top', { top: -500, bottom: -400 });

    expect(result.current).toBe(0);
    expect(frames).toHaveLength(0);
  });
});
