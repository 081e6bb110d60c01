import { clampZoom, MAX_ZOOM, MIN_ZOOM, pinchZoom, placeholderText, wheelZoom } from './image-utils';

describe('placeholderText', () => {
  it('cuts the alt text to 20 characters', () => {
    expect(placeholderText('imagen de Sahumerio Sagrada Madre Lavanda')).toBe('imagen de Sahumerio ');
    expect(placeholderText('imagen de Sahumerio Sagrada Madre Lavanda')).toHaveLength(20);
    expect(placeholderText('imagen de vela')).toBe('imagen de vela');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(Array.from(placeholderText('🕯️'.repeat(30)))).toHaveLength(20);
  });
});

describe('zoom', () => {
  it('stays within 0.5–5', () => {
    expect(MIN_ZOOM).toBe(0.5);
    expect(MAX_ZOOM).toBe(5);
    expect(clampZoom(0.1)).toBe(0.5);
    expect(clampZoom(9)).toBe(5);
    expect(clampZoom(Number.NaN)).toBe(1);
  });

  it('wheel: ×1.1 in (deltaY < 0), ×0.9 out', () => {
    expect(wheelZoom(1, -100)).toBeCloseTo(1.1);
    expect(wheelZoom(1, 100)).toBeCloseTo(0.9);
    expect(wheelZoom(1, 0)).toBe(1);
    let s = 1;
    for (let i = 0; i < 100; i += 1) s = wheelZoom(s, -1);
    expect(s).toBe(5);
    for (let i = 0; i < 100; i += 1) s = wheelZoom(s, 1);
    expect(s).toBe(0.5);
  });

  it('pinch follows the finger distance', () => {
    expect(pinchZoom(1, 100, 200)).toBe(2);
    expect(pinchZoom(2, 100, 50)).toBe(1);
    expect(pinchZoom(1, 100, 1000)).toBe(5);
    expect(pinchZoom(1.5, 0, 50)).toBe(1.5);
  });
});
