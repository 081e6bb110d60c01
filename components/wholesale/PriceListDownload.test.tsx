import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import wholesale from '@/messages/es/wholesale.json';
import { SHOP_TIME_ZONE } from '@/lib/locales';
import { PublicApiError } from '@/lib/api/public';
import { PriceListDownload } from './PriceListDownload';

function renderIt(download: jest.Mock) {
  return render(
    <NextIntlClientProvider locale="es" messages={{ wholesale }} timeZone={SHOP_TIME_ZONE}>
      <PriceListDownload categories={[{ slug: 'sahumerios', name: 'Sahumerios' }]} download={download} />
    </NextIntlClientProvider>,
  );
}

describe('PriceListDownload', () => {
  beforeAll(() => {
    URL.createObjectURL = jest.fn(() => 'blob:lista');
    URL.revokeObjectURL = jest.fn();
  });

  it('asks the API for the chosen category and format and saves the file under the server’s name', async () => {
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const download = jest.fn(async () => ({ blob: new Blob(['x']), filename: 'lista-de-precios-sahumerios-2026-11-27.xlsx' }));
    renderIt(download);
    await userEvent.click(screen.getByTestId('price-list-pdf'));
    expect(download).toHaveBeenLastCalledWith('api/price-list?format=pdf');
    await userEvent.selectOptions(screen.getByTestId('price-list-category'), 'sahumerios');
    await userEvent.click(screen.getByTestId('price-list-xlsx'));
    expect(download).toHaveBeenLastCalledWith('api/price-list?format=xlsx&category=sahumerios');
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    const anchor = click.mock.contexts[1] as HTMLAnchorElement;
    expect(anchor.download).toBe('lista-de-precios-sahumerios-2026-11-27.xlsx');
    click.mockRestore();
  });

  it('shows the API’s message on a 4xx, and asks to sign in again on a 401', async () => {
    const download = jest
      .fn()
      .mockRejectedValueOnce(new PublicApiError({ kind: 'http', status: 404, message: 'No se encontró la categoría' }))
      .mockRejectedValueOnce(new PublicApiError({ kind: 'unauthorized', status: 401 }));
    renderIt(download);
    await userEvent.click(screen.getByTestId('price-list-pdf'));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se encontró la categoría');
    await userEvent.click(screen.getByTestId('price-list-pdf'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(wholesale.priceList.signIn));
  });
});
