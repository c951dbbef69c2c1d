import { WrenchIcon } from '../../../shared/ui/icons/icons';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden/visually-hidden';
import type { LobbyVendor } from '../game-item';
import { useGamesTranslation } from '../use-games-translation';
import styles from './vendor-strip.module.css';

export interface VendorStripProps {
  vendors: readonly LobbyVendor[];
  onOpen: (vendor: LobbyVendor) => void;
}

/** A category's vendor entries: each opens its games (RNG: /rng?vassalage=, VASSALAGE: the popup) or its lobby game. */
export const VendorStrip = ({ vendors, onOpen }: VendorStripProps) => {
  const { t } = useGamesTranslation();
  return (
    <ul className={styles.strip} aria-label={t('in_provider')} data-vendor-strip="">
      {vendors.map((vendor) => (
        <li key={vendor.vassalage}>
          <button
            type="button"
            className={styles.vendor}
            data-vendor-entry={vendor.vassalage}
            data-maintenance={vendor.isMaintenance ? '' : undefined}
            onClick={() => onOpen(vendor)}
          >
            {vendor.logoUrl ? <img src={vendor.logoUrl} alt="" loading="lazy" className={styles.logo} /> : null}
            {/* The generated logo already reads as the vendor's name; the text stays for screen readers. */}
            {vendor.logoUrl ? (
              <VisuallyHidden>{vendor.displayName}</VisuallyHidden>
            ) : (
              <span className={styles.name} dir="auto">
                {vendor.displayName}
              </span>
            )}
            {vendor.isMaintenance ? (
              <span className={styles.maintenance} title={t('game_under_maintenance')}>
                <WrenchIcon aria-hidden="true" />
              </span>
            ) : null}
          </button>
        </li>
      ))}
    </ul>
  );
};
