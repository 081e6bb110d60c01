import { act, fireEvent, screen } from '@testing-library/react';
import { renderEs } from '@/components/checkout/test-utils';

const notify = jest.fn();
jest.mock('@/components/toast/MessagesProvider', () => ({ useMessages: () => ({ notify }) }));
const refresh = jest.fn();
jest.mock('@/i18n/navigation', () => ({ useRouter: () => ({ refresh, push: jest.fn() }) }));
const handleError = jest.fn();
jest.mock('@/lib/api/public', () => {
  const actual = jest.requireActual('@/lib/api/public');
  return { ...actual, usePublicApi: () => ({ request: jest.fn(), handleError }) };
});
const uploadProof = jest.fn();
jest.mock('@/lib/api/orders', () => ({ ordersApi: { uploadProof: (...a: unknown[]) => uploadProof(...a) } }));

import { ProofUpload } from './ProofUpload';

beforeEach(() => jest.clearAllMocks());

function choose(file: File) {
  const input = screen.getByLabelText('Archivo del comprobante') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

it("no file → 'No seleccionaste un archivo', nothing sent", async () => {
  renderEs(<ProofUpload orderId={5} />);
  expect(screen.getByLabelText('Archivo del comprobante')).toHaveAttribute('accept', expect.stringContaining('application/pdf'));
  await act(async () => {
    fireEvent.click(screen.getByTestId('proof-submit'));
  });
  expect(screen.getByRole('alert')).toHaveTextContent('No seleccionaste un archivo');
  expect(notify).toHaveBeenCalledWith('ERROR', 'No seleccionaste un archivo');
  expect(uploadProof).not.toHaveBeenCalled();
});

it("more than 10 MB → 'El archivo pesa mas de 10 MB', nothing sent", async () => {
  renderEs(<ProofUpload orderId={5} />);
  const big = new File(['x'], 'comprobante.png', { type: 'image/png' });
  Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
  choose(big);
  await act(async () => {
    fireEvent.click(screen.getByTestId('proof-submit'));
  });
  expect(screen.getByRole('alert')).toHaveTextContent('El archivo pesa mas de 10 MB');
  expect(uploadProof).not.toHaveBeenCalled();
});

it('a good file is uploaded and the page re-renders', async () => {
  uploadProof.mockResolvedValueOnce({ id: 1 });
  renderEs(<ProofUpload orderId={5} />);
  const file = new File(['%PDF-1.4'], 'comprobante.pdf', { type: 'application/pdf' });
  choose(file);
  await act(async () => {
    fireEvent.click(screen.getByTestId('proof-submit'));
  });
  expect(uploadProof).toHaveBeenCalledWith(5, file);
  expect(notify).toHaveBeenCalledWith('SUCCESS', 'Comprobante subido');
  expect(refresh).toHaveBeenCalled();
});

it('an API failure goes through the generic handler', async () => {
  const err = new Error('boom');
  uploadProof.mockRejectedValueOnce(err);
  renderEs(<ProofUpload orderId={5} />);
  choose(new File(['x'], 'a.jpg', { type: 'image/jpeg' }));
  await act(async () => {
    fireEvent.click(screen.getByTestId('proof-submit'));
  });
  expect(handleError).toHaveBeenCalledWith(err);
  expect(refresh).not.toHaveBeenCalled();
});
