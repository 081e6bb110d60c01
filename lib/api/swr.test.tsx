import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { mockFetch } from '@/components/account/test-utils';
import { PublicApiError } from './public';
import { useApiRead, useReadUpdater } from './swr';
import { FreshReads } from './swr-test-utils';

const countSchema = z.object({ count: z.number().int() });

function Reader({ name, path = 'api/thing', onError }: { name: string; path?: string | null; onError?: (e: unknown) => void }) {
  const { data, error } = useApiRead(path, countSchema, { onError });
  return <p data-testid={name}>{error ? `error ${(error as PublicApiError).status}` : data ? `count ${data.count}` : 'loading'}</p>;
}

function Updater() {
  const update = useReadUpdater();
  return (
    <button type="button" onClick={() => update<{ count: number }>('api/thing', (c) => ({ count: c.count + 10 }))}>
      add ten
    </button>
  );
}

beforeEach(() => {
  document.documentElement.dataset.apiUrl = 'http://api.test';
  localStorage.clear();
});

describe('useApiRead (lib/api/swr.ts)', () => {
  it('dedupes: islands reading the same path at once share one request and its answer', async () => {
    const { calls } = mockFetch({ 'GET api/thing': { status: 200, body: { success: true, data: { count: 3 } } } });
    render(
      <FreshReads>
        <Reader name="a" />
        <Reader name="b" />
      </FreshReads>,
    );
    await waitFor(() => expect(screen.getByTestId('a')).toHaveTextContent('count 3'));
    expect(screen.getByTestId('b')).toHaveTextContent('count 3');
    expect(calls.filter((c) => c.url === 'http://api.test/api/thing')).toHaveLength(1);
  });

  it('a null key reads nothing', async () => {
    const { fn } = mockFetch({});
    render(
      <FreshReads>
        <Reader name="a" path={null} />
      </FreshReads>,
    );
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(fn).not.toHaveBeenCalled();
    expect(screen.getByTestId('a')).toHaveTextContent('loading');
  });

  it('revalidates when the tab gets the focus back', async () => {
    let count = 1;
    const { calls } = mockFetch({ 'GET api/thing': () => ({ status: 200, body: { success: true, data: { count: count++ } } }) });
    render(
      <FreshReads immediate>
        <Reader name="a" />
      </FreshReads>,
    );
    await waitFor(() => expect(screen.getByTestId('a')).toHaveTextContent('count 1'));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(screen.getByTestId('a')).toHaveTextContent('count 2'));
    expect(calls).toHaveLength(2);
  });

  it('useReadUpdater rewrites the cached answer for every island showing it, without a request', async () => {
    const { calls } = mockFetch({ 'GET api/thing': { status: 200, body: { success: true, data: { count: 3 } } } });
    render(
      <FreshReads immediate>
        <Reader name="a" />
        <Reader name="b" />
        <Updater />
      </FreshReads>,
    );
    await waitFor(() => expect(screen.getByTestId('a')).toHaveTextContent('count 3'));
    fireEvent.click(screen.getByRole('button', { name: 'add ten' }));
    await waitFor(() => expect(screen.getByTestId('a')).toHaveTextContent('count 13'));
    expect(screen.getByTestId('b')).toHaveTextContent('count 13');
    expect(calls).toHaveLength(1);
  });

  it('an answer that does not match the contract is an error, reported once however many islands read it', async () => {
    mockFetch({ 'GET api/thing': { status: 200, body: { success: true, data: { count: 'three' } } } });
    const onError = jest.fn();
    render(
      <FreshReads>
        <Reader name="a" onError={onError} />
        <Reader name="b" onError={onError} />
      </FreshReads>,
    );
    await waitFor(() => expect(screen.getByTestId('a')).toHaveTextContent('error 200'));
    expect(screen.getByTestId('b')).toHaveTextContent('error 200');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0][0]).toBeInstanceOf(PublicApiError);
    expect((onError.mock.calls[0][0] as PublicApiError).message).toMatch(/Respuesta inesperada de la API: count/);
  });

  it('an HTTP failure reaches onError as the PublicApiError of publicRequest, and is not retried on its own', async () => {
    const { calls } = mockFetch({ 'GET api/thing': { status: 401, body: { success: false, message: 'La sesión expiró' } } });
    const onError = jest.fn();
    render(
      <FreshReads>
        <Reader name="a" onError={onError} />
      </FreshReads>,
    );
    await waitFor(() => expect(screen.getByTestId('a')).toHaveTextContent('error 401'));
    expect((onError.mock.calls[0][0] as PublicApiError).failure).toMatchObject({ kind: 'unauthorized', message: 'La sesión expiró' });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(calls).toHaveLength(1);
  });
});
