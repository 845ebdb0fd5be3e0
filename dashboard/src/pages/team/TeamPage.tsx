import { useState } from 'preact/hooks';
import { api, apiPath } from '../../core/api.ts';
import { formatDate } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { useCan, sessionStore } from '../../core/session.ts';
import { useStore } from '../../core/store.ts';
import { useAction } from '../../kit/action.ts';
import { CopySecret } from '../../kit/CopySecret.tsx';
import { SelectField, TextField } from '../../kit/fields.tsx';
import { Form, useForm } from '../../kit/form.tsx';
import { Page } from '../../kit/Page.tsx';
import { ProblemBox } from '../../kit/ProblemBox.tsx';
import { useResource } from '../../kit/resource.ts';
import { type Invitation, type Member, ROLES } from './types.ts';

/** Members and invitations of the session's organization. */
export function TeamPage() {
  const session = useStore(sessionStore);
  const manager = useCan('manage_members');
  const ownerManager = useCan('manage_owners');
  const [version, setVersion] = useState(0);
  const members = useResource<{ data: Member[] }>('/dashboard/api/members', { version });
  const pending = useResource<{ data: Invitation[] }>(manager ? '/dashboard/api/invitations' : undefined, { version });
  const [inviting, setInviting] = useState(false);
  const [created, setCreated] = useState<Invitation | undefined>();
  const [removing, setRemoving] = useState<Member | undefined>();
  const action = useAction();
  const form = useForm({ email: '', role: 'developer' });
  const refresh = () => setVersion(version + 1);
  // Only owners give or take the owner role.
  const assignable = ROLES.filter((role) => role !== 'owner' || ownerManager);

  async function invite() {
    const invitation = await api.post<Invitation>('/dashboard/api/invitations', form.values);
    setCreated(invitation);
    setInviting(false);
    form.reset();
    refresh();
  }
  const changeRole = (member: Member, role: string) =>
    action.run(async () => {
      await api.patch(apiPath`/dashboard/api/members/${member.user.id}`, { role });
      refresh();
    });
  const remove = (member: Member) =>
    action.run(async () => {
      await api.delete(apiPath`/dashboard/api/members/${member.user.id}`);
      setRemoving(undefined);
      refresh();
    });
  const withdraw = (invitation: Invitation) =>
    action.run(async () => {
      await api.delete(apiPath`/dashboard/api/invitations/${invitation.id}`);
      refresh();
    });

  return (
    <Page
      title={t('team.title')}
      subtitle={t('team.subtitle')}
      actions={
        manager && (
          <button type="button" class="button primary" aria-expanded={inviting} onClick={() => setInviting(!inviting)}>
            {t('team.invite')}
          </button>
        )
      }
    >
      {!manager && session?.role && <p class="notice">{t('team.readOnly', { role: t(`role.${session.role}`) })}</p>}
      {created?.accept_url && (
        <div class="panel" data-testid="invitation-link">
          <h2>{t('team.linkTitle', { email: created.email })}</h2>
          <p>{t('team.linkNote')}</p>
          <CopySecret secret={created.accept_url} label={t('team.linkLabel')} warning={t('team.linkOnce')} />
          <button type="button" class="button" onClick={() => setCreated(undefined)}>
            {t('team.linkDone')}
          </button>
        </div>
      )}
      {inviting && (
        <div class="panel">
          <h2>{t('team.inviteTitle')}</h2>
          <Form form={form} onSubmit={invite} submitLabel={t('team.inviteSubmit')} label={t('team.inviteTitle')}>
            <TextField form={form} name="email" label={t('team.email')} type="email" hint={t('team.inviteHint')} required />
            <SelectField form={form} name="role" label={t('team.role')} options={assignable.map((role) => ({ value: role, label: t(`role.${role}`) }))} />
          </Form>
        </div>
      )}
      <ProblemBox problem={action.problem ?? members.problem} />
      <h2 class="team-section">{t('team.members')}</h2>
      <div class="table-wrap">
        <table class="table">
          <caption class="visually-hidden">{t('team.members')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('team.email')}</th>
              <th scope="col">{t('team.role')}</th>
              <th scope="col">{t('team.joined')}</th>
              {manager && <th scope="col">{t('team.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {members.data?.data.map((member) => {
              const self = member.user.id === session?.user.id;
              // Admins manage everyone below owner; owners manage everyone.
              const editable = manager && (ownerManager || member.role !== 'owner');
              return (
                <tr key={member.user.id} data-testid="member-row">
                  <td data-label={t('team.email')}>
                    <span>
                      {member.user.email} {self && <span class="hint">{t('team.you')}</span>}
                    </span>
                  </td>
                  <td data-label={t('team.role')}>
                    {editable ? (
                      <div class="row-actions">
                        <select
                          aria-label={t('team.roleOf', { email: member.user.email })}
                          value={member.role}
                          disabled={action.busy}
                          onChange={(event) => changeRole(member, event.currentTarget.value)}
                        >
                          {(member.role === 'owner' ? ROLES : assignable).map((role) => (
                            <option key={role} value={role}>
                              {t(`role.${role}`)}
                            </option>
                          ))}
                        </select>
                      </div>
                    ) : (
                      t(`role.${member.role}`)
                    )}
                  </td>
                  <td data-label={t('team.joined')}>{formatDate(member.joined_at)}</td>
                  {manager && (
                    <td data-label={t('team.actions')}>
                      <div class="row-actions">
                        {editable && removing?.user.id !== member.user.id && (
                          <button type="button" class="button danger" onClick={() => setRemoving(member)}>
                            {t('team.remove')}
                          </button>
                        )}
                        {removing?.user.id === member.user.id && (
                          <div class="confirm" role="alertdialog" aria-label={t('team.remove')}>
                            <p class="notice warn">{t('team.removeConfirm', { email: member.user.email })}</p>
                            <button type="button" class="button danger" disabled={action.busy} onClick={() => remove(member)}>
                              {t('team.removeSubmit')}
                            </button>
                            <button type="button" class="button subtle" onClick={() => setRemoving(undefined)}>
                              {t('form.cancel')}
                            </button>
                          </div>
                        )}
                      </div>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {manager && (
        <>
          <h2 class="team-section">{t('team.pending')}</h2>
          {pending.data && pending.data.data.length === 0 && <p class="empty">{t('team.pendingEmpty')}</p>}
          {pending.data && pending.data.data.length > 0 && (
            <div class="table-wrap">
              <table class="table">
                <caption class="visually-hidden">{t('team.pending')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('team.email')}</th>
                    <th scope="col">{t('team.role')}</th>
                    <th scope="col">{t('team.expires')}</th>
                    <th scope="col">{t('team.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {pending.data.data.map((invitation) => (
                    <tr key={invitation.id} data-testid="invitation-row">
                      <td data-label={t('team.email')}>{invitation.email}</td>
                      <td data-label={t('team.role')}>{t(`role.${invitation.role}`)}</td>
                      <td data-label={t('team.expires')}>{formatDate(invitation.expires_at)}</td>
                      <td data-label={t('team.actions')}>
                        <button type="button" class="button subtle" disabled={action.busy} onClick={() => withdraw(invitation)}>
                          {t('team.withdraw')}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      <p class="hint">{t('team.rolesHelp')}</p>
    </Page>
  );
}
