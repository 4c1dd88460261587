import type { Training, TrainingProblem } from '@oj/shared';
import { training as contract } from '@oj/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Result, Space, Spin, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useOutletContext, useParams } from 'react-router';
import { MarkdownView } from '../../components/markdown-view';
import { Panel } from '../../components/panel';
import { api } from '../../lib/api';
import { useSession } from '../../lib/auth-store';
import { toast } from '../../lib/notify';
import { queryKey } from '../../lib/query-keys';
import { loginDialog } from '../../lib/ui-store';
import { useNow } from '../../lib/use-now';
import { trainingBasePath } from '../group/group-training-model';
import { homeworkStateAt } from './homework';
import { HomeworkCountdown, HomeworkSummary } from './homework-info';
import { TrainingAuthTag, TrainingCategoryTag, TrainingProgress } from './training-list-page';

const { TRAINING_AUTH } = contract;

export interface TrainingContext {
  training: Training;
  /** Author or super admin on the client; the server decides for real (realname comes only to admins). */
  admin: boolean;
  problems: TrainingProblem[];
  problemsLoading: boolean;
  /** The group whose training this is, from the address (/group/:groupID/training/...); null on the site's. */
  gid?: number | null;
}

export const useTrainingContext = () => useOutletContext<TrainingContext>();

/** The tab a path belongs to: problem pages under problems. `base` is the training's path (trainingBasePath). */
export const trainingTabOf = (pathname: string, base: string) => {
  const rest = pathname
    .slice(pathname.startsWith(base) ? base.length : 0)
    .split('/')
    .filter(Boolean);
  if (!rest.length) return 'detail';
  if (rest[0] === 'problem' || rest[0] === 'problems') return 'problems';
  return rest[0] ?? 'detail';
};

/** The password form of a private training: an empty password never leaves the page. */
export const TrainingRegisterForm = ({ tid, onDone }: { tid: number; onDone: () => void }) => {
  const { t } = useTranslation('training');
  return (
    <Form
      layout="inline"
      onFinish={async ({ password }: { password: string }) => {
        await api.call(contract.registerTraining, { tid, password: password.trim() });
        toast.success(t('Register_training_successfully'));
        onDone();
      }}
      onFinishFailed={() => toast.warning(t('Enter_the_training_password'))}
      style={{ justifyContent: 'center', marginTop: 16, rowGap: 8 }}
    >
      <Form.Item
        name="password"
        rules={[{ required: true, whitespace: true, message: t('Enter_the_training_password') }]}
      >
        <Input.Password aria-label={t('Training_Password')} placeholder={t('Enter_the_training_password')} />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {t('Register_Training')}
      </Button>
    </Form>
  );
};

/** Opening a training needs a login: visitors are told so and get the login dialog. */
const LoginPrompt = () => {
  const { t } = useTranslation('training');
  const navigate = useNavigate();
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    toast.warning(t('Please_login_first'));
    loginDialog.open();
  }, [t]);
  return (
    <Result
      status="warning"
      title={t('Training_Login_Required')}
      extra={
        <Space wrap style={{ justifyContent: 'center' }}>
          <Button type="primary" onClick={() => loginDialog.open()}>
            {t('Training_Login')}
          </Button>
          <Button onClick={() => navigate('/training')}>{t('Training_List')}</Button>
        </Space>
      }
    />
  );
};

/** The training shell /training/:trainingID: header, tabs (rank only for private trainings), the
 * markdown overview and, without access to a private training, the password form. Under /group/:groupID it is a
 * group's training (GroupTrainingDetails): read with the same calls, linked inside the group, inside the
 * group's frame, and its rank tab is there whatever the training's auth. */
const TrainingDetailPage = () => {
  const { t } = useTranslation('training');
  const { trainingID = '', groupID } = useParams();
  const tid = Number(trainingID);
  const gid = groupID ? Number(groupID) : null;
  const base = trainingBasePath(trainingID, gid);
  const listPath = gid ? `/group/${gid}/training` : '/training';
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const { isAuthenticated, isSuperAdmin, user } = useSession();
  const valid = Number.isInteger(tid) && tid > 0;

  const detail = useQuery({
    queryKey: queryKey(contract.getTrainingDetail, tid),
    queryFn: () => api.call(contract.getTrainingDetail, { tid }),
    enabled: isAuthenticated && valid,
    retry: false,
  });
  const tr = detail.data;
  const admin = !!tr && (isSuperAdmin || (!!user && user.username === tr.author));
  const needsAccess = !!tr && tr.auth === TRAINING_AUTH.PRIVATE && !admin;
  const access = useQuery({
    queryKey: queryKey(contract.getTrainingAccess, tid),
    queryFn: () => api.call(contract.getTrainingAccess, { tid }),
    enabled: needsAccess,
  });
  const denied = needsAccess && access.data?.access !== true;
  // Homework (decision 0052): before its open time the server keeps the description and refuses the problems (403);
  // the page then shows the title and the times, asks for nothing more, and reads the training again once it opens.
  const nowMs = useNow(!!tr?.dueTime);
  const state = tr ? homeworkStateAt(tr, nowMs) : null;
  const notOpen = !!tr && state === 'upcoming' && tr.description === null;
  const problems = useQuery({
    queryKey: queryKey(contract.getTrainingProblemList, tid),
    queryFn: () => api.call(contract.getTrainingProblemList, { tid }),
    enabled: !!tr && !denied && !notOpen,
  });
  const readAgain = detail.refetch;
  const serverState = tr?.homeworkState;
  useEffect(() => {
    if (serverState === 'upcoming' && state !== 'upcoming' && state !== null) void readAgain();
  }, [serverState, state, readAgain]);

  if (!isAuthenticated) return <LoginPrompt />;
  if (detail.isLoading) return <Spin style={{ display: 'block', padding: 96 }} />;
  if (!valid || detail.error || !tr) {
    return (
      <Result
        status="warning"
        title={detail.error?.message ?? t('Training_Not_Found')}
        extra={<Button onClick={() => navigate(listPath)}>{t('Training_List')}</Button>}
      />
    );
  }

  const tabs = [
    { key: 'detail', label: t('Training_Detail_Tab') },
    { key: 'problems', label: t('Training_Problems_Tab') },
    ...(tr.auth === TRAINING_AUTH.PRIVATE || gid !== null ? [{ key: 'rank', label: t('Training_Rank_Tab') }] : []),
  ];
  const active = trainingTabOf(pathname, base);
  const context: TrainingContext = {
    training: tr,
    admin,
    problems: problems.data ?? [],
    problemsLoading: problems.isLoading,
    gid,
  };
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: queryKey(contract.getTrainingAccess, tid) });
    void queryClient.invalidateQueries({ queryKey: queryKey(contract.getTrainingDetail, tid) });
    void queryClient.invalidateQueries({ queryKey: queryKey(contract.getTrainingProblemList, tid) });
  };

  const content = (
    <>
      <header style={{ marginBottom: 8 }}>
        <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 8, overflowWrap: 'anywhere' }}>
          {tr.title}
        </Typography.Title>
        <Space wrap size={[8, 8]}>
          <TrainingAuthTag auth={tr.auth} />
          <TrainingCategoryTag tr={tr} />
          <Typography.Text type="secondary">
            {t('Training_Author')}: {tr.author}
          </Typography.Text>
          <Typography.Text type="secondary">
            {t('Training_Updated')}: {dayjs(tr.gmtModified).format('YYYY-MM-DD HH:mm')}
          </Typography.Text>
        </Space>
        {/* The caller's problems of the training solved anywhere on the site (as HOJ counts them); the rank counts
            only submissions made in the training and says so. */}
        {tr.dueTime && (
          <div style={{ marginTop: 8 }}>
            <HomeworkSummary h={tr} nowMs={nowMs} />
          </div>
        )}
        <div style={{ maxWidth: 360, marginTop: 8, display: 'flex', alignItems: 'center', gap: 8 }}>
          <Typography.Text type="secondary" style={{ flex: 'none' }}>
            {t('Training_Solved')}
          </Typography.Text>
          <div style={{ flex: 1, minWidth: 0 }}>
            <TrainingProgress tr={tr} label={t('Training_Solved')} />
          </div>
        </div>
      </header>
      <Tabs
        activeKey={active}
        onChange={(key) => navigate(key === 'detail' ? base : `${base}/${key}`)}
        items={tabs.map((tab) => ({ ...tab, disabled: tab.key !== 'detail' && (denied || notOpen) }))}
      />
      {notOpen ? (
        <Alert
          type="info"
          showIcon
          title={t('Homework_Not_Open_Title')}
          description={
            <>
              {t('Homework_Not_Open_Tip')} <HomeworkCountdown h={tr} nowMs={nowMs} />
            </>
          }
        />
      ) : active === 'detail' ? (
        <section aria-label={t('Training_Detail_Tab')}>
          {tr.description ? (
            <MarkdownView source={tr.description} />
          ) : (
            !denied && <Typography.Text type="secondary">{t('Training_No_Description')}</Typography.Text>
          )}
          {needsAccess && access.data?.access === false && (
            <>
              <Alert type="warning" showIcon title={t('No_Training_Access')} style={{ marginTop: 16 }} />
              <TrainingRegisterForm tid={tid} onDone={reload} />
            </>
          )}
        </section>
      ) : denied ? (
        <Alert type="warning" showIcon title={t('No_Training_Access')} />
      ) : (
        <Outlet context={context} />
      )}
    </>
  );
  // A group's training sits in the group's frame, under its tabs.
  return gid ? <section aria-label={tr.title}>{content}</section> : <Panel>{content}</Panel>;
};

export default TrainingDetailPage;
