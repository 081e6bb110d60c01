/**
 * Toasts — the storefront's two toast systems (spec §2, §3, §4, §9).
 *
 * Mount once: `<ToastArea />` in the root layout, inside <NextIntlClientProvider> (it is a client
 * component; a server layout can render it). It shows both systems at the bottom right; on phones
 * (< 768 px) at the bottom, full width, above the mobile bottom bar: it reads `--bottom-bar-height`
 * from app/globals.css (64px; set it to 0px on a page without the bar) and `--z-toast`. Radix is loaded lazily with the first shop
 * toast (prefetched at the first pointer/key interaction), so pages pay ~3 kB gzip up front.
 *
 * 1. In-app messages (the product's message system): type SUCCESS | WARNING | ERROR | INFO, a message,
 *    shown for 4 s by default (or `seconds`), then faded out and removed 1 s later. Only the newest is
 *    on screen; errors and warnings are announced assertively (role=alert), the rest politely.
 *
 *      // in a client component
 *      const { notify } = useMessages();
 *      notify('SUCCESS', t('saved'));            // 4 s
 *      notify('ERROR', serverMessage, 6);        // 6 s
 *
 *      // outside React (lib/api/public.ts, socket handlers): no React imported
 *      import { notify } from '@/lib/toast/emitter';
 *      notify('ERROR', message ?? 'Error en la solicitud');
 *
 *    Calls made before <ToastArea /> mounts are queued (up to 5); on the server notify() does nothing.
 *
 * 2. Shop toasts (quantity and shop messages, Radix Toast): variant default | destructive | warning |
 *    success | error, 5 s, swipe right 50 px to dismiss, F8 focuses the toasts, one at a time (a new one
 *    replaces the current one).
 *
 *      const { toast, dismiss, toasts } = useToast(); // or outside React: import { toast } from '@/lib/toast/shop-toasts'
 *      toast({ title: `${qty} × ${name}`, description: t('added'), variant: 'success' });
 *      const { id } = toast({ title: t('removed'), variant: 'warning' }); dismiss(id); // or dismiss()
 *
 * Callers pass already translated text (useTranslations in their own namespace). This folder's own
 * labels live in messages/<locale>/toast.json.
 */
export { ToastArea } from './ToastArea';
