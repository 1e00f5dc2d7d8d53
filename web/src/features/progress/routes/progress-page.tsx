import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { userProgressQuery } from '../../../api/progress';
import { storiesQuery } from '../../../api/stories';
import { PageLayout } from '../../../components/layouts/page-layout';
import { useLoadQuery } from '../../../lib/use-load-query';
import { DailyGoalForm } from '../components/daily-goal-form';
import { DailyWordsChart } from '../components/daily-words-chart';
import { StoryProgressRow } from '../components/story-progress-row';
import { formatNumber, formatStreak, formatWords } from '../progress-format';

const RANGES = [30, 90] as const;
type Range = (typeof RANGES)[number];

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper component="section" aria-label={title} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * Issue 15 §1 /progress: words per day for the last 30 or 90 days against the daily goal, today's words and
 * the streak, the goal itself, and each story's words toward its target.
 */
export function ProgressPage() {
  const [range, setRange] = useState<Range>(30);
  const progress = useLoadQuery(
    { ...userProgressQuery(range), placeholderData: keepPreviousData },
    { what: 'the writing progress' },
  );
  const stories = useLoadQuery(storiesQuery(), { what: 'the stories' });
  const data = progress.data;
  const todayWords = data?.days.at(-1)?.words ?? 0;

  return (
    <PageLayout title="Progress">
      <Box sx={{ maxWidth: 880, mx: 'auto' }}>
        <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
          Progress
        </Typography>
        <Section title="Words per day">
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 2,
              mb: 1,
            }}
          >
            <Box role="group" aria-label="Today" sx={{ display: 'flex', gap: { xs: 3, sm: 5 } }}>
              <Box>
                <Typography variant="overline" color="text.secondary" component="p">
                  Today
                </Typography>
                <Typography variant="h5" component="p" data-testid="today-words">
                  {data ? formatNumber(todayWords) : '…'}
                  {data?.daily_goal != null && (
                    <Typography component="span" variant="body1" color="text.secondary">
                      {' '}
                      / {formatWords(data.daily_goal)}
                    </Typography>
                  )}
                </Typography>
              </Box>
              <Box>
                <Typography variant="overline" color="text.secondary" component="p">
                  Streak
                </Typography>
                <Typography variant="h5" component="p" data-testid="streak">
                  {data ? formatStreak(data.streak) : '…'}
                </Typography>
              </Box>
            </Box>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={range}
              aria-label="Days shown"
              onChange={(_event, value: Range | null) => {
                if (value !== null) setRange(value);
              }}
            >
              {RANGES.map((days) => (
                <ToggleButton key={days} value={days}>
                  {days} days
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Box>
          {data ? (
            <DailyWordsChart days={data.days} dailyGoal={data.daily_goal} />
          ) : (
            <Skeleton variant="rounded" height={280} />
          )}
          {data?.daily_goal === null && (
            <Typography variant="body2" color="text.secondary">
              Set a daily goal to see it on the chart and keep a streak.
            </Typography>
          )}
        </Section>
        <Section title="Daily goal">
          {data ? (
            <DailyGoalForm key={data.daily_goal ?? 'none'} dailyGoal={data.daily_goal} />
          ) : (
            <Skeleton variant="rounded" height={40} width={280} />
          )}
        </Section>
        <Section title="Stories">
          {stories.data && stories.data.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              No stories yet.
            </Typography>
          )}
          <Box component="ul" sx={{ m: 0, p: 0 }}>
            {stories.data?.map((story) => (
              <StoryProgressRow key={story.story_id} storyId={story.story_id} title={story.title} />
            ))}
          </Box>
        </Section>
      </Box>
    </PageLayout>
  );
}
