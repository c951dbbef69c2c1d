import { useEffect, useState } from 'react';
import styles from './agents.module.css';

const pad = (value: number) => String(value).padStart(2, '0');

/** `GMT±h[:mm]` of the browser's zone. */
export const gmtOffsetOf = (date: Date): string => {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `GMT${sign}${hours}${rest ? `:${pad(rest)}` : ''}`;
};

/** `YYYY-MM-DD HH:mm:ss` in the browser's zone. */
export const clockTextOf = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;

/** The agent centre's header clock (api-facts 11.1): the zone's GMT offset and a live clock. */
export const AgentClock = () => {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <span className={styles.clock} data-agent-clock="">
      <span>{gmtOffsetOf(now)}</span> <time dateTime={now.toISOString()}>{clockTextOf(now)}</time>
    </span>
  );
};
