import type { DomainRoute } from '@tessera/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button/button';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { GlobeIcon } from '../../../shared/ui/icons/icons';
import { PageFrame } from '../../../shared/ui/page-frame/page-frame';
import styles from './lines-page.module.css';

type Probe = { state: 'testing' } | { state: 'ok'; ms: number } | { state: 'down' };

const PROBE_TIMEOUT_MS = 5000;

/** Times one round trip to a mirror (an opaque request: only reachability and time are learnt). */
const probe = async (url: string): Promise<Probe> => {
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
  const started = performance.now();
  try {
    await fetch(new URL('/healthz', url), { mode: 'no-cors', cache: 'no-store', signal: controller.signal });
    return { state: 'ok', ms: Math.round(performance.now() - started) };
  } catch {
    return { state: 'down' };
  } finally {
    window.clearTimeout(timer);
  }
};

/** The mirror-site list (domainRoute): each line with its measured response time, fastest first. */
export const LinesPage = ({ lines }: { lines: readonly DomainRoute[] }) => {
  const { t } = useTranslation();
  const [probes, setProbes] = useState<Record<string, Probe>>({});
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each round (the retest button) measures again.
  useEffect(() => {
    let isCurrent = true;
    setProbes(Object.fromEntries(lines.map((line) => [line.url, { state: 'testing' } as Probe])));
    for (const line of lines) {
      void probe(line.url).then((result) => {
        if (isCurrent) setProbes((current) => ({ ...current, [line.url]: result }));
      });
    }
    return () => {
      isCurrent = false;
    };
  }, [lines, round]);

  const msOf = (url: string) => {
    const result = probes[url];
    return result?.state === 'ok' ? result.ms : Number.POSITIVE_INFINITY;
  };
  const sorted = [...lines].sort((a, b) => msOf(a.url) - msOf(b.url));

  return (
    <PageFrame
      title={t('lines_title')}
      icon={<GlobeIcon />}
      actions={
        <Button variant="secondary" size="sm" onClick={() => setRound((value) => value + 1)}>
          {t('lines_retest')}
        </Button>
      }
    >
      <p className={styles.intro}>{t('lines_intro')}</p>
      {lines.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className={styles.lines}>
          {sorted.map((line) => {
            const result = probes[line.url] ?? { state: 'testing' };
            return (
              <li key={line.url} className={styles.line} data-line={line.name}>
                <div className={styles.name}>
                  <strong dir="auto">{line.name}</strong>
                  <span className={styles.url} dir="ltr">
                    {line.url}
                  </span>
                </div>
                <span className={styles.speed} data-state={result.state}>
                  {result.state === 'ok'
                    ? t('lines_ms', { ms: result.ms })
                    : t(result.state === 'down' ? 'lines_down' : 'lines_testing')}
                </span>
                <a className={styles.open} href={line.url}>
                  {t('lines_open')}
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </PageFrame>
  );
};
