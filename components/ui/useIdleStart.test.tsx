import { act, renderHook } from '@testing-library/react';
import { useIdleStart } from './useIdleStart';

describe('useIdleStart', () => {
  afterEach(() => {
    jest.useRealTimers();
    delete (window as Partial<Window>).requestIdleCallback;
    delete (window as Partial<Window>).cancelIdleCallback;
  });

  it('is false after hydration and true once the browser is idle (requestIdleCallback with a timeout)', () => {
    const pending: IdleRequestCallback[] = [];
    const request = jest.fn((cb: IdleRequestCallback) => pending.push(cb));
    window.requestIdleCallback = request as unknown as typeof window.requestIdleCallback;
    window.cancelIdleCallback = jest.fn();
    const { result, unmount } = renderHook(() => useIdleStart(900));
    expect(result.current).toBe(false);
    expect(request).toHaveBeenCalledWith(expect.any(Function), { timeout: 900 });
    act(() => pending[0]!({ didTimeout: false, timeRemaining: () => 10 }));
    expect(result.current).toBe(true);
    unmount();
    expect(window.cancelIdleCallback).toHaveBeenCalled();
  });

  it('without requestIdleCallback it starts after a short timer, and cancels it on unmount', () => {
    jest.useFakeTimers();
    const first = renderHook(() => useIdleStart());
    expect(first.result.current).toBe(false);
    act(() => jest.advanceTimersByTime(200));
    expect(first.result.current).toBe(true);

    const second = renderHook(() => useIdleStart());
    second.unmount();
    expect(jest.getTimerCount()).toBe(0);
  });
});
