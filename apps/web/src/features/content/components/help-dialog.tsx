import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Dialog } from '../../../shared/ui/dialog/dialog';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { useHelpCenter } from '../api/help-center';
import styles from './help-dialog.module.css';

export interface HelpDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/**
 * The help centre (/help, optionally #term): the merchant's sections in the interface language, each
 * addressable by its tag; the one the address names is scrolled to and marked.
 */
export const HelpDialog = ({ isOpen, onClose }: HelpDialogProps) => {
  const { t } = useTranslation();
  const location = useLocation();
  const help = useHelpCenter();
  const bodyRef = useRef<HTMLDivElement>(null);
  const tag = decodeURIComponent(location.hash.slice(1));
  const sections = help.data?.list ?? [];

  useEffect(() => {
    if (!isOpen || !tag || sections.length === 0) return;
    const target = bodyRef.current?.querySelector<HTMLElement>(`[data-help-tag="${CSS.escape(tag)}"]`);
    target?.scrollIntoView({ block: 'start' });
  }, [isOpen, tag, sections.length]);

  return (
    <Dialog name="help" isOpen={isOpen} onClose={onClose} title={t('in_help_center')} size="lg">
      {help.isPending ? (
        <InlineLoader />
      ) : sections.length === 0 ? (
        <EmptyState />
      ) : (
        <div ref={bodyRef} className={styles.help}>
          <nav aria-label={t('help_contents')} className={styles.contents}>
            <ul>
              {sections.map((section) => (
                <li key={section.tag}>
                  <Link
                    to={`/help#${section.tag}`}
                    replace
                    aria-current={section.tag === tag ? 'location' : undefined}
                    className={styles.contentsLink}
                  >
                    {section.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className={styles.sections}>
            {sections.map((section) => (
              <section
                key={section.tag}
                id={`help-${section.tag}`}
                data-help-tag={section.tag}
                data-current={section.tag === tag || undefined}
                className={styles.section}
                aria-labelledby={`help-${section.tag}-title`}
              >
                <h3 id={`help-${section.tag}-title`} className={styles.sectionTitle} dir="auto">
                  {section.title}
                </h3>
                <p className={styles.sectionBody} dir="auto">
                  {section.content}
                </p>
              </section>
            ))}
          </div>
        </div>
      )}
    </Dialog>
  );
};
