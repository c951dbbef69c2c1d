import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../../shared/api/api-error';
import { useCopy } from '../../../shared/hooks/use-copy';
import { Button } from '../../../shared/ui/button/button';
import { Card } from '../../../shared/ui/card/card';
import { FormError } from '../../../shared/ui/form/form-error';
import { TextField } from '../../../shared/ui/form/text-field';
import { CheckIcon, CopyIcon } from '../../../shared/ui/icons/icons';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { QrCode } from '../../../shared/ui/qr-code/qr-code';
import { QR_DEFAULT_MARGIN, QR_DEFAULT_SIZE } from '../../../shared/ui/qr-code/qr-options';
import { useAgentLink } from '../api/agents-api';
import styles from './agents.module.css';

/** The agent's registration link on this site: friends who register through it join its downline. */
export const agentLinkOf = (origin: string, affiliateCode: string): string =>
  `${origin}/register?affiliateCode=${encodeURIComponent(affiliateCode)}`;

/** Register centre: the agent's affiliate code, its registration link with copy, and the link's QR code. */
export const AgentLinkPanel = () => {
  const { t } = useTranslation('agents');
  const link = useAgentLink();
  const { state, copy } = useCopy();
  if (link.isPending) return <InlineLoader />;
  if (link.isError) return <FormError code={errorKeyOf(link.error)} />;
  const url = agentLinkOf(window.location.origin, link.data.affiliateCode);
  return (
    <div className={styles.page} data-agent-page="registerCenter">
      <Card title={t('agent_link_title')} name="agent-link">
        <div className={styles.linkLayout}>
          <div className={styles.linkColumn}>
            <p className={styles.muted}>{t('agent_link_intro')}</p>
            <TextField
              id="agent-affiliate-code"
              label={t('agent_affiliate_code')}
              value={link.data.affiliateCode}
              readOnly
              dir="ltr"
              data-affiliate-code=""
            />
            <TextField
              id="agent-link"
              label={t('agent_link_label')}
              value={url}
              readOnly
              dir="ltr"
              onFocus={(event) => event.currentTarget.select()}
              data-agent-link=""
            />
            <div>
              <Button icon={state === 'copied' ? <CheckIcon /> : <CopyIcon />} onClick={() => void copy(url)}>
                {state === 'copied' ? t('agent_copied') : t('agent_copy')}
              </Button>
            </div>
          </div>
          <div className={styles.qr}>
            <QrCode value={url} size={QR_DEFAULT_SIZE} margin={QR_DEFAULT_MARGIN} label={t('agent_link_qr')} />
          </div>
        </div>
      </Card>
    </div>
  );
};
