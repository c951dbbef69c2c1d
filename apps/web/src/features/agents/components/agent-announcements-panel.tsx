import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../../shared/api/api-error';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { Card } from '../../../shared/ui/card/card';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { FormError } from '../../../shared/ui/form/form-error';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { Pager } from '../../../shared/ui/pager/pager';
import { useAgentAnnouncements, useMarkAgentAnnouncementsRead } from '../api/agent-announcements-api';
import styles from './agents.module.css';

const PAGE_SIZE = 10;

/**
 * Announcement (agentAnnouncement): what the operator wrote for agents (decision 0095), newest first, each with
 * its date and whole text, ten a page. Once they have shown, they are all read (the menu's badge clears).
 */
export const AgentAnnouncementsPanel = () => {
  const { t, i18n } = useTranslation('agents');
  const formatDateTime = useFormatDateTime();
  const [pageNo, setPageNo] = useState(1);
  const announcements = useAgentAnnouncements({ pageNo, pageSize: PAGE_SIZE, language: i18n.language });
  const list = announcements.data?.list ?? [];
  useMarkAgentAnnouncementsRead(announcements.isSuccess);
  return (
    <div className={styles.page} data-agent-page="agentAnnouncement">
      {announcements.isPending ? <InlineLoader /> : null}
      {announcements.isError ? <FormError code={errorKeyOf(announcements.error)} /> : null}
      {announcements.data && list.length === 0 ? <EmptyState message={t('agent_announcements_empty')} /> : null}
      {list.map((notice) => {
        const startedAt = new Date(notice.startDate).toISOString();
        return (
          <Card
            key={notice.id}
            name="agent-announcement"
            title={<bdi dir="auto">{notice.title}</bdi>}
            actions={
              <time className={styles.muted} dateTime={startedAt}>
                {formatDateTime(startedAt)}
              </time>
            }
          >
            <p className={styles.announcementText} dir="auto">
              {notice.content}
            </p>
          </Card>
        );
      })}
      <Pager
        pageNo={pageNo}
        totalPages={announcements.data?.totalPages ?? 1}
        onChange={setPageNo}
        isBusy={announcements.isFetching}
      />
    </div>
  );
};
