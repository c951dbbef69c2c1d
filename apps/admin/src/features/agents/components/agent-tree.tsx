import { type AdminAgentNode, agentMemberTypes } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../shared/api/api-error';
import { Alert } from '../../../shared/ui/alert';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import table from '../../../shared/ui/data-table.module.css';
import { Dialog } from '../../../shared/ui/dialog';
import { Field } from '../../../shared/ui/field';
import { ListStates } from '../../../shared/ui/page-state';
import { Pagination } from '../../../shared/ui/pagination';
import { findNodeByAccount, useAgentTree, useMoveBranch, useSetAgentType } from '../api/agents-api';
import styles from './agents.module.css';
import { FreezeDialog } from './freeze-dialog';
import { RatesDialog } from './rates-dialog';

const PAGE_SIZE = 20;

/** Moves a member's branch under another agent, named by its account. */
const MoveDialog = ({ code, node, onClose }: { code: string; node: AdminAgentNode; onClose: () => void }) => {
  const { t } = useTranslation();
  const move = useMoveBranch(code);
  const [account, setAccount] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async () => {
    setFailure(null);
    try {
      const target = await findNodeByAccount(code, account);
      if (!target) {
        setFailure('not_found');
        return;
      }
      await move.mutateAsync({ memberId: node.memberId, newParentId: target.memberId });
      onClose();
    } catch (error) {
      setFailure(errorCodeOf(error));
    }
  };
  return (
    <Dialog
      isOpen
      title={t('agents.moveTitle', { account: node.account })}
      onClose={onClose}
      footer={
        <Button onClick={() => void submit()} disabled={move.isPending || !account.trim()}>
          {t('agents.move')}
        </Button>
      }
    >
      <div className={styles.dialogBody}>
        <p className={styles.muted}>{t('agents.moveHint', { count: node.teamMembers })}</p>
        {failure ? (
          <Alert tone="danger" title={t(`errors.${failure}`, { defaultValue: t('errors.unknown_error') })} />
        ) : null}
        <Field label={t('agents.newUpline')} htmlFor="agent-new-upline" isRequired>
          <input
            id="agent-new-upline"
            value={account}
            maxLength={32}
            onChange={(event) => setAccount(event.target.value)}
          />
        </Field>
      </div>
    </Dialog>
  );
};

/** Makes a member an agent of a type, changes an agent's type, or demotes an agent to a member. */
const TypeDialog = ({ code, node, onClose }: { code: string; node: AdminAgentNode; onClose: () => void }) => {
  const { t } = useTranslation();
  const setType = useSetAgentType(code);
  const [agentType, setAgentType] = useState(String(node.agentType ?? agentMemberTypes[0]));
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async () => {
    setFailure(null);
    try {
      await setType.mutateAsync({ memberId: node.memberId, agentType: Number(agentType) });
      onClose();
    } catch (error) {
      setFailure(errorCodeOf(error));
    }
  };
  return (
    <Dialog
      isOpen
      title={t('agents.setTypeTitle', { account: node.account })}
      onClose={onClose}
      footer={
        <Button onClick={() => void submit()} disabled={setType.isPending}>
          {t('agents.saveType')}
        </Button>
      }
    >
      <div className={styles.dialogBody}>
        <p className={styles.muted}>{t('agents.setTypeHint')}</p>
        {failure ? (
          <Alert tone="danger" title={t(`errors.${failure}`, { defaultValue: t('errors.unknown_error') })} />
        ) : null}
        <Field label={t('agents.newType')} htmlFor="agent-new-type" isRequired>
          <select id="agent-new-type" value={agentType} onChange={(event) => setAgentType(event.target.value)}>
            <option value="0">{t('agents.typeMember')}</option>
            {agentMemberTypes.map((type) => (
              <option key={type} value={String(type)}>
                {t('agents.typeLabel', { type })}
              </option>
            ))}
          </select>
        </Field>
      </div>
    </Dialog>
  );
};

/**
 * The merchant's agent tree, one level at a time: the tops (agents and members with a downline), then a member's
 * direct downline by opening it; the trail leads back. Owner and risk move a branch and set an agent's rates; the
 * other readers see the rates.
 */
export const AgentTree = ({ code, canManage }: { code: string; canManage: boolean }) => {
  const { t } = useTranslation();
  const [trail, setTrail] = useState<AdminAgentNode[]>([]);
  const [pageNo, setPageNo] = useState(1);
  const [moving, setMoving] = useState<AdminAgentNode | null>(null);
  const [typing, setTyping] = useState<AdminAgentNode | null>(null);
  const [freezing, setFreezing] = useState<AdminAgentNode | null>(null);
  const [rating, setRating] = useState<AdminAgentNode | null>(null);
  const parent = trail.at(-1);
  const tree = useAgentTree(code, { ...(parent ? { parentId: parent.memberId } : {}), pageNo, pageSize: PAGE_SIZE });
  const openLevel = (next: AdminAgentNode[]) => {
    setTrail(next);
    setPageNo(1);
  };
  return (
    <>
      <nav className={styles.trail} aria-label={t('agents.trail')}>
        <button type="button" className={styles.trailStep} onClick={() => openLevel([])}>
          {t('agents.tops')}
        </button>
        {trail.map((node, index) => (
          <button
            key={node.memberId}
            type="button"
            className={styles.trailStep}
            onClick={() => openLevel(trail.slice(0, index + 1))}
          >
            {node.account}
          </button>
        ))}
      </nav>
      <ListStates query={tree} emptyMessage={t('agents.treeEmpty')} />
      {tree.data && tree.data.list.length > 0 ? (
        <>
          <div className={table.wrap}>
            <table className={table.table} data-testid="agent-tree">
              <thead>
                <tr>
                  <th scope="col">{t('agents.account')}</th>
                  <th scope="col">{t('agents.agentType')}</th>
                  <th scope="col">{t('agents.depth')}</th>
                  <th scope="col">{t('agents.direct')}</th>
                  <th scope="col">{t('agents.team')}</th>
                  <th scope="col">{t('agents.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {tree.data.list.map((node) => (
                  <tr key={node.memberId} data-node={node.account}>
                    <td data-label={t('agents.account')}>
                      {node.directMembers > 0 ? (
                        <button type="button" className={styles.trailStep} onClick={() => openLevel([...trail, node])}>
                          {node.account}
                        </button>
                      ) : (
                        node.account
                      )}
                    </td>
                    <td data-label={t('agents.agentType')}>
                      {node.agentType === null ? (
                        <Badge>{t('agents.member')}</Badge>
                      ) : (
                        <Badge tone="info">{t('agents.typeLabel', { type: node.agentType })}</Badge>
                      )}
                      {node.frozen ? (
                        <>
                          {' '}
                          <Badge tone="danger">{t('agents.frozen')}</Badge>
                        </>
                      ) : null}
                    </td>
                    <td data-label={t('agents.depth')}>{node.depth}</td>
                    <td data-label={t('agents.direct')}>{node.directMembers}</td>
                    <td data-label={t('agents.team')}>{node.teamMembers}</td>
                    <td data-label={t('agents.actions')}>
                      {canManage ? (
                        <span className={styles.actions}>
                          <Button size="sm" variant="secondary" onClick={() => setMoving(node)}>
                            {t('agents.move')}
                          </Button>
                          <Button size="sm" variant="secondary" onClick={() => setTyping(node)}>
                            {t('agents.setType')}
                          </Button>
                          {node.agentType !== null ? (
                            <Button
                              size="sm"
                              variant="secondary"
                              onClick={() => setRating(node)}
                              data-rates={node.account}
                            >
                              {t('agents.rates')}
                            </Button>
                          ) : null}
                          {node.agentType !== null ? (
                            <Button
                              size="sm"
                              variant={node.frozen ? 'secondary' : 'danger'}
                              onClick={() => setFreezing(node)}
                              data-freeze={node.account}
                            >
                              {t(node.frozen ? 'agents.unfreeze' : 'agents.freeze')}
                            </Button>
                          ) : null}
                        </span>
                      ) : node.agentType !== null ? (
                        <Button size="sm" variant="secondary" onClick={() => setRating(node)} data-rates={node.account}>
                          {t('agents.rates')}
                        </Button>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            pageNo={pageNo}
            totalPages={tree.data.totalPages}
            onChange={setPageNo}
            isDisabled={tree.isFetching}
          />
        </>
      ) : null}
      {moving ? <MoveDialog code={code} node={moving} onClose={() => setMoving(null)} /> : null}
      {typing ? <TypeDialog code={code} node={typing} onClose={() => setTyping(null)} /> : null}
      {freezing ? <FreezeDialog code={code} node={freezing} onClose={() => setFreezing(null)} /> : null}
      {rating ? <RatesDialog code={code} node={rating} canManage={canManage} onClose={() => setRating(null)} /> : null}
    </>
  );
};
