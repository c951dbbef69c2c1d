import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { type ProofOrderKind, useProofImage } from '../api/cashier-api';
import styles from './cashier.module.css';

interface ProofProps {
  kind: ProofOrderKind;
  code: string;
  orderId: string;
  proofId: string;
  number: number;
}

const useProofSource = ({ kind, code, orderId, proofId }: Omit<ProofProps, 'number'>) => {
  const proof = useProofImage(kind, code, orderId, proofId);
  return proof.data ? `data:${proof.data.contentType};base64,${proof.data.data}` : null;
};

const ProofThumb = ({ isOpen, onToggle, ...props }: ProofProps & { isOpen: boolean; onToggle: () => void }) => {
  const { t } = useTranslation();
  const src = useProofSource(props);
  return (
    <li>
      <button
        type="button"
        className={styles.proofThumb}
        aria-pressed={isOpen}
        aria-label={t('cashier.openProof', { number: props.number })}
        data-proof={props.proofId}
        onClick={onToggle}
      >
        {src ? <img src={src} alt="" /> : <span>{t('common.loading')}</span>}
      </button>
    </li>
  );
};

const ProofLarge = (props: ProofProps) => {
  const { t } = useTranslation();
  const src = useProofSource(props);
  return src ? (
    <img className={styles.proofLarge} src={src} alt={t('cashier.proofAlt', { number: props.number })} />
  ) : null;
};

export interface ProofGalleryProps {
  kind: ProofOrderKind;
  code: string;
  orderId: string;
  proofIds: readonly string[];
}

/** The proof images a member attached to an order: thumbnails, one shown large on request, in the page. */
export const ProofGallery = ({ kind, code, orderId, proofIds }: ProofGalleryProps) => {
  const { t } = useTranslation();
  const [openId, setOpenId] = useState<string | null>(null);
  if (proofIds.length === 0) return <p className={styles.muted}>{t('cashier.noProofs')}</p>;
  const openIndex = openId ? proofIds.indexOf(openId) : -1;
  return (
    <div className={styles.stack} data-testid="proof-gallery">
      <ul className={styles.proofs}>
        {proofIds.map((proofId, index) => (
          <ProofThumb
            key={proofId}
            kind={kind}
            code={code}
            orderId={orderId}
            proofId={proofId}
            number={index + 1}
            isOpen={proofId === openId}
            onToggle={() => setOpenId(proofId === openId ? null : proofId)}
          />
        ))}
      </ul>
      {openId && openIndex >= 0 ? (
        <div className={styles.stack}>
          <ProofLarge kind={kind} code={code} orderId={orderId} proofId={openId} number={openIndex + 1} />
          <div>
            <Button size="sm" variant="ghost" onClick={() => setOpenId(null)}>
              {t('cashier.hideProof')}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
};
