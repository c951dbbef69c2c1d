import { beforeEach, describe, expect, it } from 'vitest';
import { useShellStore } from './shell-store';

/** The self-opening popups' one place: the first to ask shows, the other waits until it is given back. */
describe('the gate popup place', () => {
  beforeEach(() => useShellStore.setState({ gatePopup: null }));

  it('goes to the first popup that claims it, and to no other until that one releases it', () => {
    const { claimGatePopup, releaseGatePopup } = useShellStore.getState();
    claimGatePopup('announcements');
    claimGatePopup('rgPrompt');
    expect(useShellStore.getState().gatePopup).toBe('announcements');
    releaseGatePopup('rgPrompt');
    expect(useShellStore.getState().gatePopup).toBe('announcements');
    releaseGatePopup('announcements');
    expect(useShellStore.getState().gatePopup).toBeNull();
    claimGatePopup('rgPrompt');
    expect(useShellStore.getState().gatePopup).toBe('rgPrompt');
  });

  it('is kept by its holder when the holder claims it again', () => {
    const { claimGatePopup } = useShellStore.getState();
    claimGatePopup('rgPrompt');
    claimGatePopup('rgPrompt');
    claimGatePopup('announcements');
    expect(useShellStore.getState().gatePopup).toBe('rgPrompt');
  });
});
