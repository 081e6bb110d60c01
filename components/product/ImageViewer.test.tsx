import { fireEvent, screen } from '@testing-library/react';
import ImageViewer from './ImageViewer';
import { renderWithProductIntl } from './test-utils';
import { installPointerEvent } from '@/components/ui/test-dom';

beforeAll(installPointerEvent);

const images = [
  { src: '/uploads/a.webp', alt: 'imagen de Vela de soja aromática' },
  { src: '/uploads/b.webp', alt: 'imagen de Vela de soja aromática' },
];

function stage() {
  return screen.getByTestId('image-viewer-stage');
}

describe('ImageViewer', () => {
  it('opens as a modal dialog with the close button focused, and closes on Escape with the current index', () => {
    const onClose = jest.fn();
    renderWithProductIntl(<ImageViewer images={images} startIndex={1} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Visor de imágenes' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Cerrar' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledWith(1);
  });

  it('the close button closes', () => {
    const onClose = jest.fn();
    renderWithProductIntl(<ImageViewer images={images} startIndex={0} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalledWith(0);
  });

  it('wheel zooms by 1.1 / 0.9 within 0.5–5', () => {
    renderWithProductIntl(<ImageViewer images={images} startIndex={0} onClose={() => {}} />);
    fireEvent.wheel(stage(), { deltaY: -100 });
    expect(stage()).toHaveAttribute('data-scale', '1.100');
    fireEvent.wheel(stage(), { deltaY: 100 });
    expect(stage()).toHaveAttribute('data-scale', '0.990');
    for (let i = 0; i < 50; i += 1) fireEvent.wheel(stage(), { deltaY: -100 });
    expect(stage()).toHaveAttribute('data-scale', '5.000');
    expect(screen.getByRole('button', { name: 'Acercar' })).toBeDisabled();
    for (let i = 0; i < 50; i += 1) fireEvent.wheel(stage(), { deltaY: 100 });
    expect(stage()).toHaveAttribute('data-scale', '0.500');
    expect(screen.getByRole('button', { name: 'Alejar' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Tamaño original' }));
    expect(stage()).toHaveAttribute('data-scale', '1.000');
  });

  it('pinch with two pointers zooms; one pointer drags', () => {
    renderWithProductIntl(<ImageViewer images={images} startIndex={0} onClose={() => {}} />);
    const el = stage();
    el.setPointerCapture = () => {};
    fireEvent.pointerDown(el, { pointerId: 1, clientX: 100, clientY: 100 });
    fireEvent.pointerDown(el, { pointerId: 2, clientX: 200, clientY: 100 });
    fireEvent.pointerMove(el, { pointerId: 2, clientX: 300, clientY: 100 });
    expect(el).toHaveAttribute('data-scale', '2.000');
    fireEvent.pointerUp(el, { pointerId: 2 });
    fireEvent.pointerMove(el, { pointerId: 1, clientX: 150, clientY: 130 });
    const transform = el.firstElementChild as HTMLElement;
    expect(transform.style.transform).toContain('translate3d(50px, 30px, 0)');
    fireEvent.pointerUp(el, { pointerId: 1 });
  });

  it('arrows change the image; a failed image shows the alt cut to 20 characters', () => {
    renderWithProductIntl(<ImageViewer images={images} startIndex={0} onClose={() => {}} />);
    expect(screen.getByText(/^1 \/ 2/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Imagen siguiente' }));
    expect(screen.getByText(/^2 \/ 2/)).toBeInTheDocument();
    fireEvent.error(screen.getByAltText('imagen de Vela de soja aromática'));
    expect(screen.getByTestId('image-placeholder')).toHaveTextContent('imagen de Vela de so');
  });
});
