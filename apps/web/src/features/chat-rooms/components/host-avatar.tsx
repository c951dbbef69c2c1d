import styles from './chat-rooms.module.css';

/** A host's picture, or its initial on the brand colour when it has none. */
export const HostAvatar = ({ name, url }: { name: string; url: string | null }) =>
  url ? (
    <img className={styles.avatar} src={url} alt="" width={40} height={40} loading="lazy" />
  ) : (
    <span className={styles.avatar} aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
