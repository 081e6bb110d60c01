import Markdown, { type Components } from 'react-markdown';
import styles from './Description.module.css';

/** react-markdown passes its hast `node`; it must not reach the DOM. */
function dom<T extends { node?: unknown }>(props: T): Omit<T, 'node'> {
  const copy = { ...props };
  delete copy.node;
  return copy;
}

// Headings inside the description sit under the page's h1 and the section's h2, without gaps:
// #, ## and ### become h3; deeper ones h4.
const components: Components = {
  h1: (props) => <h3 {...dom(props)} />,
  h2: (props) => <h3 {...dom(props)} />,
  h3: (props) => <h3 {...dom(props)} />,
  h4: (props) => <h4 {...dom(props)} />,
  h5: (props) => <h4 {...dom(props)} />,
  h6: (props) => <h4 {...dom(props)} />,
  a: (props) => {
    const external = typeof props.href === 'string' && /^https?:\/\//i.test(props.href);
    return <a {...dom(props)} {...(external ? { rel: 'nofollow noopener noreferrer', target: '_blank' } : {})} />;
  },
  img: (props) => <img {...dom(props)} alt={props.alt ?? ''} loading="lazy" decoding="async" />,
};

/**
 * The product's markdown description, rendered on the server (no JS shipped). Raw HTML is dropped
 * (`skipHtml`, and no rehype-raw), and react-markdown's default URL filter removes javascript: links.
 */
export function Description({ markdown }: { markdown: string }) {
  return (
    <div className={styles.prose}>
      <Markdown skipHtml components={components}>
        {markdown}
      </Markdown>
    </div>
  );
}
