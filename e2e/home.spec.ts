import { expect, test, type Locator } from '@playwright/test';

/**
 * Home carousel (spec §2): loops, advances by itself every 3 s, pauses on demand, previous/next work.
 * The auto-advance moves the slides without Embla; Embla loads with the first gesture (components/ui/useEmblaOnDemand),
 * so the pause / previous / next steps also prove it does, from the slide the auto-advance left showing.
 */

const current = async (dots: Locator): Promise<number> => {
  const states = await dots.evaluateAll((els) => els.map((el) => el.getAttribute('aria-current')));
  return states.indexOf('true');
};

test.describe('home carousel', () => {
  test('advances by itself, pauses, and follows previous / next in a loop', async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Novedades y promociones' });
    const dots = carousel.getByRole('button', { name: /^Ir a la imagen \d+$/ });
    const count = await dots.count();
    expect(count, 'the demo carousel has several slides').toBeGreaterThan(1);
    await expect(dots.first()).toHaveAttribute('aria-current', 'true');
    // the first slide's image is in the HTML, eager and high priority (the LCP of the page)
    const first = carousel.locator('img').first();
    await expect(first).toHaveAttribute('fetchpriority', 'high');

    // auto-advance: the second slide within a few seconds, and it is the one in view
    await expect.poll(() => current(dots), { timeout: 8_000 }).toBe(1);
    const slides = carousel.locator('[aria-roledescription="slide"]');
    const frame = (await carousel.boundingBox())!;
    await expect.poll(async () => Math.round((await slides.nth(1).boundingBox())!.x - frame.x)).toBe(0);

    // pause: nothing moves for longer than the interval
    await carousel.getByRole('button', { name: 'Pausar' }).click();
    await expect(carousel.getByRole('button', { name: 'Reproducir' })).toBeVisible();
    const paused = await current(dots);
    await page.mouse.move(0, 0); // hover also pauses; leave so only the button holds it
    await page.waitForTimeout(4_000);
    expect(await current(dots)).toBe(paused);

    // next / previous, looping past the ends
    await carousel.getByRole('button', { name: 'Siguiente' }).click();
    await expect.poll(() => current(dots)).toBe((paused + 1) % count);
    await dots.first().click();
    await expect.poll(() => current(dots)).toBe(0);
    await carousel.getByRole('button', { name: 'Anterior' }).click();
    await expect.poll(() => current(dots)).toBe(count - 1);
    // only the visible slide is exposed to assistive technology
    await expect(carousel.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])')).toHaveCount(1);
  });
});
