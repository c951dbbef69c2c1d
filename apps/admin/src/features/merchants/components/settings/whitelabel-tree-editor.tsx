import type { ModuleId, WhitelabelNode } from '@tessera/contracts';
import { useState } from 'react';
import { get } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorAt } from '../../../../shared/forms/field-error-at';
import { Badge } from '../../../../shared/ui/badge';
import { Button } from '../../../../shared/ui/button';
import { FieldErrorText } from '../../../../shared/ui/field-error-text';
import { PlusIcon, TrashIcon } from '../../../../shared/ui/icons';
import { Switch } from '../../../../shared/ui/switch';
import {
  addNode,
  listNodes,
  type NodePath,
  removeNode,
  setNodeEnabled,
  unusedModuleIds,
} from '../../lib/whitelabel-tree';
import styles from './whitelabel-tree-editor.module.css';

export interface WhitelabelTreeEditorProps {
  nodes: WhitelabelNode[];
  onChange: (nodes: WhitelabelNode[]) => void;
  /** The form's errors under `whitelabel`. */
  errors: unknown;
  isDisabled: boolean;
}

/** The form path of a node (`whitelabel.0.childrenNodes.2`), where its errors live. */
const errorPathOf = (path: NodePath): string => path.join('.childrenNodes.');

const TOP_LEVEL = 'top';

export const WhitelabelTreeEditor = ({ nodes, onChange, errors, isDisabled }: WhitelabelTreeEditorProps) => {
  const { t } = useTranslation();
  const unused = unusedModuleIds(nodes);
  const [newModule, setNewModule] = useState<string>('');
  const [newParent, setNewParent] = useState<string>(TOP_LEVEL);
  const parents = listNodes(nodes);

  const handleAdd = () => {
    const modId = unused.find((id) => id === newModule);
    if (!modId) return;
    const parent = parents.find((entry) => entry.path.join('.') === newParent)?.path ?? null;
    onChange(addNode(nodes, parent, modId as ModuleId));
    setNewModule('');
  };

  const renderNodes = (level: readonly WhitelabelNode[], parentPath: NodePath, isParentOn: boolean) => (
    <ul className={styles.list}>
      {level.map((node, index) => {
        const path = [...parentPath, index];
        const isOn = node.enabled === '1';
        const isBlocked = isOn && !isParentOn;
        const nodeErrors = get(errors, errorPathOf(path));
        return (
          <li key={`${node.modId}-${path.join('.')}`} className={styles.item} data-modid={node.modId}>
            <div className={styles.row} data-effective={(isOn && isParentOn) || undefined}>
              <Switch
                isOn={isOn}
                label={t('settings.whitelabel.toggle', { modId: node.modId })}
                isDisabled={isDisabled}
                onChange={(next) => onChange(setNodeEnabled(nodes, path, next))}
              />
              <div className={styles.text}>
                <span className={styles.modId}>{node.modId}</span>
                <span className={styles.meaning}>
                  {t(`modules.${node.modId}`, { defaultValue: t('settings.whitelabel.unknownModule') })}
                </span>
              </div>
              {isBlocked ? <Badge tone="neutral">{t('settings.whitelabel.offByParent')}</Badge> : null}
              {node.childrenNodes.length > 0 ? (
                <span className={styles.count}>
                  {t('settings.whitelabel.children', { count: node.childrenNodes.length })}
                </span>
              ) : null}
              <Button
                variant="ghost"
                size="sm"
                icon={<TrashIcon />}
                aria-label={t('settings.whitelabel.remove', { modId: node.modId })}
                disabled={isDisabled}
                onClick={() => onChange(removeNode(nodes, path))}
              />
            </div>
            <FieldErrorText error={fieldErrorAt(nodeErrors, 'modId')} />
            {node.childrenNodes.length > 0 ? renderNodes(node.childrenNodes, path, isOn && isParentOn) : null}
          </li>
        );
      })}
    </ul>
  );

  return (
    <div className={styles.editor}>
      {nodes.length > 0 ? (
        renderNodes(nodes, [], true)
      ) : (
        <p className={styles.empty}>{t('settings.whitelabel.empty')}</p>
      )}
      {isDisabled || unused.length === 0 ? null : (
        <div className={styles.add}>
          <select
            value={newModule}
            onChange={(event) => setNewModule(event.target.value)}
            aria-label={t('settings.whitelabel.newModule')}
          >
            <option value="">{t('settings.whitelabel.chooseModule')}</option>
            {unused.map((id) => (
              <option key={id} value={id}>
                {id} · {t(`modules.${id}`)}
              </option>
            ))}
          </select>
          <select
            value={newParent}
            onChange={(event) => setNewParent(event.target.value)}
            aria-label={t('settings.whitelabel.newParent')}
          >
            <option value={TOP_LEVEL}>{t('settings.whitelabel.topLevel')}</option>
            {parents.map((entry) => (
              <option key={entry.path.join('.')} value={entry.path.join('.')}>
                {`${'— '.repeat(entry.depth)}${t('settings.whitelabel.under', { modId: entry.modId })}`}
              </option>
            ))}
          </select>
          <Button icon={<PlusIcon />} onClick={handleAdd} disabled={!newModule}>
            {t('settings.whitelabel.add')}
          </Button>
        </div>
      )}
    </div>
  );
};
