import { act, fireEvent, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import admin from '@/messages/es/admin.json';
import { BillUpload } from './BillUpload';

const notify = jest.fn();
jest.mock('@/components/toast/MessagesProvider', () => ({ useMessages: () => ({ notify }) }));
const refresh = jest.fn();
jest.mock('@/i18n/navigation', () => ({ useRouter: () => ({ refresh, push: jest.fn() }) }));
const handleError = jest.fn();
const publicRequest = jest.fn();
jest.mock('@/lib/api/public', () => ({
  publicRequest: (...a: unknown[]) => publicRequest(...a),
  usePublicApi: () => ({ handleError }),
}));

beforeEach(() => jest.clearAllMocks());

const renderUpload = () =>
  render(
    <NextIntlClientProvider locale="es" messages={{ admin }} onError={() => {}}>
      <BillUpload orderId={5} />
    </NextIntlClientProvider>,
  );

function choose(file: File) {
  const input = screen.getByLabelText('Archivo (PDF, hasta 10 MB)') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
}
const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Subir documento' }));
  });

describe('BillUpload', () => {
  it('sends a bill by default and "other" when chosen, as multipart with the kind', async () => {
    publicRequest.mockResolvedValue({ id: 1 });
    renderUpload();
    expect(screen.getByLabelText('Tipo de documento')).toHaveValue('bill');
    choose(new File(['%PDF-1.4'], 'factura.pdf', { type: 'application/pdf' }));
    await submit();
    expect(publicRequest).toHaveBeenLastCalledWith('api/staff/orders/5/documents?kind=bill', expect.objectContaining({ method: 'POST' }));
    expect((publicRequest.mock.calls[0][1].body as FormData).get('kind')).toBe('bill');
    expect(notify).toHaveBeenLastCalledWith('SUCCESS', 'Factura subida');

    fireEvent.change(screen.getByLabelText('Tipo de documento'), { target: { value: 'other' } });
    choose(new File(['%PDF-1.4'], 'constancia.pdf', { type: 'application/pdf' }));
    await submit();
    expect(publicRequest).toHaveBeenLastCalledWith('api/staff/orders/5/documents?kind=other', expect.anything());
    const form = publicRequest.mock.calls[1][1].body as FormData;
    expect(form.get('kind')).toBe('other');
    expect((form.get('file') as File).name).toBe('constancia.pdf');
    expect(notify).toHaveBeenLastCalledWith('SUCCESS', 'Documento subido');
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('refuses a non-PDF or a missing file before sending anything', async () => {
    renderUpload();
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('No seleccionaste un archivo');
    choose(new File(['x'], 'foto.png', { type: 'image/png' }));
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Sólo se aceptan archivos PDF');
    expect(publicRequest).not.toHaveBeenCalled();
  });

  it('a server refusal goes to the shared error handler and nothing refreshes', async () => {
    const error = Object.assign(new Error('No tienes los permisos necesarios'), { status: 403 });
    publicRequest.mockRejectedValue(error);
    renderUpload();
    choose(new File(['%PDF-1.4'], 'f.pdf', { type: 'application/pdf' }));
    await submit();
    expect(handleError).toHaveBeenCalledWith(error);
    expect(refresh).not.toHaveBeenCalled();
  });
});
