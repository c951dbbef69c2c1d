import type { Banner } from '@tessera/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { bannerLinkOf } from '../banner-link';

export interface BannerAnchorProps {
  banner: Pick<Banner, 'id' | 'linkageType' | 'linkTarget'>;
  className?: string;
  isHidden?: boolean;
  children: ReactNode;
  /** Called when a site route is followed (a dialog's banner closes its dialog). */
  onFollowRoute?: () => void;
}

/** A banner's picture wrapped in its link: a site route, an outside address in a new tab, or no link. */
export const BannerAnchor = ({ banner, className, isHidden = false, children, onFollowRoute }: BannerAnchorProps) => {
  const link = bannerLinkOf(banner);
  const common = {
    className,
    'data-banner': banner.id,
    'aria-hidden': isHidden || undefined,
    tabIndex: isHidden ? -1 : undefined,
  };
  if (link.kind === 'route') {
    return (
      <Link to={link.to} onClick={onFollowRoute} {...common}>
        {children}
      </Link>
    );
  }
  if (link.kind === 'url') {
    return (
      <a href={link.href} target="_blank" rel="noopener noreferrer" {...common}>
        {children}
      </a>
    );
  }
  return <div {...common}>{children}</div>;
};
