import { HeadsetIcon, MessageIcon, SocialSendIcon } from '../../../shared/ui/icons/icons';
import { type CustomerServiceLink, openCustomerService } from '../customer-service';

/** An entry's icon by its type: a headset for live chat, Telegram's paper plane, a speech bubble for a messenger. */
const CustomerServiceIcon = ({ csType }: { csType: string }) => {
  if (csType === 'LIVECHAT') return <HeadsetIcon />;
  if (csType === 'TELEGRAM') return <SocialSendIcon />;
  return <MessageIcon />;
};

export interface CustomerServiceItemsProps {
  links: readonly CustomerServiceLink[];
  className: string | undefined;
  /** Wraps the icon when the list lays icons out in a slot of their own. */
  iconClassName?: string | undefined;
  /** Called after an entry opened (a dropdown closes). */
  onOpened?: () => void;
}

/** The merchant's customer-service entries as list items, each opening its service window. */
export const CustomerServiceItems = ({ links, className, iconClassName, onOpened }: CustomerServiceItemsProps) =>
  links.map((link) => (
    <li key={`${link.csType}-${link.title}`}>
      <button
        type="button"
        className={className}
        data-cs-type={link.csType}
        onClick={() => {
          openCustomerService(link);
          onOpened?.();
        }}
      >
        {iconClassName ? (
          <span className={iconClassName}>
            <CustomerServiceIcon csType={link.csType} />
          </span>
        ) : (
          <CustomerServiceIcon csType={link.csType} />
        )}
        <span dir="auto">{link.title}</span>
      </button>
    </li>
  ));
