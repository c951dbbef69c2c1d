import { usePublicStore } from '../../../shared/state/public-store';
import { AgentLinkPanel } from './agent-link-panel';
import styles from './agents.module.css';
import { CreateDownlineForm } from './create-downline-form';

/** Register centre: create a downline account directly (where AGEREGDOWN3 is on), and the referral link. */
export const RegisterCentrePanel = () => {
  const mayCreate = usePublicStore((state) => state.whitelabel.AGEREGDOWN3 === true);
  return (
    <div className={styles.page}>
      {mayCreate ? <CreateDownlineForm /> : null}
      <AgentLinkPanel />
    </div>
  );
};
