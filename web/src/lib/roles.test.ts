import { describe, expect, it } from 'vitest';
import { can } from './roles.ts';

describe('can', () => {
  it('follows the contract: viewers read, members change statuses, admins export', () => {
    expect(can('viewer', 'listContacts')).toBe(true);
    expect(can('viewer', 'updateDemoRequest')).toBe(false);
    expect(can('member', 'updateDemoRequest')).toBe(true);
    expect(can('member', 'exportContacts')).toBe(false);
    expect(can('admin', 'exportContacts')).toBe(true);
    expect(can('owner', 'listAuditEntries')).toBe(true);
    expect(can(undefined, 'listContacts')).toBe(false);
  });
});
