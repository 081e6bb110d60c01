import type { PanelLook } from '../ui/Panel';
import styles from './products.module.css';

/** The catalogue pages' panels are products.module.css's cards (the `look` of ../ui/Panel). */
export const CARD: PanelLook = { panel: styles.card, h2: styles.cardTitle, head: styles.cardHead };
