/** Message paths of the home page's client islands (HeroCarousel), added by the page with <ScopedMessages>. */
export const HOME_CLIENT_MESSAGE_PATHS = ['home.carousel'] as const;
