/**
 * Outline templates (spec §2 'Choose an outline template', §3 template types threeAct, fiveAct, heroJourney).
 * Each section's description says what belongs in that part of the story and what it must achieve, so an
 * author can plan from it without knowing the theory behind it.
 */

export const OUTLINE_TEMPLATE_TYPES = ['threeAct', 'fiveAct', 'heroJourney'] as const;
export type OutlineTemplateType = (typeof OUTLINE_TEMPLATE_TYPES)[number];

export interface OutlineTemplateSection {
  header: string;
  description: string;
}

export interface OutlineTemplate {
  type: OutlineTemplateType;
  name: string;
  /** The one line shown under the name in the template dialog. */
  summary: string;
  sections: OutlineTemplateSection[];
}

export const OUTLINE_TEMPLATES: readonly OutlineTemplate[] = [
  {
    type: 'threeAct',
    name: 'Three-Act Structure',
    summary: 'Setup, confrontation and resolution: the classic shape of most novels and films.',
    sections: [
      {
        header: 'Act I: Setup',
        description:
          'Introduce the protagonist in their ordinary world, what they want and what is missing. Establish the ' +
          'setting, tone and stakes, then end the act with an inciting incident and a decision that commits ' +
          'the protagonist to the story’s central problem; there is no way back.',
      },
      {
        header: 'Act II: Confrontation',
        description:
          'The protagonist pursues the goal and meets rising obstacles, allies and enemies. At the midpoint a ' +
          'revelation or reversal changes what the struggle is about. Pressure builds until everything seems ' +
          'lost; the act ends at the lowest point, where the protagonist must change to go on.',
      },
      {
        header: 'Act III: Resolution',
        description:
          'Armed with what they learned, the protagonist faces the central conflict in a climax only they can ' +
          'resolve. Answer the story’s main question, pay off what was set up in Act I, and show in the ' +
          'resolution how the protagonist and their world have changed.',
      },
    ],
  },
  {
    type: 'fiveAct',
    name: 'Five-Act Structure',
    summary: 'Exposition, rising action, climax, falling action and dénouement, after Freytag’s pyramid.',
    sections: [
      {
        header: 'Exposition',
        description:
          'Present the characters, the world and the situation before the trouble starts. Plant the ' +
          'protagonist’s desire and flaw, hint at the conflict to come, and end with the event that sets the ' +
          'story in motion.',
      },
      {
        header: 'Rising Action',
        description:
          'Complications multiply: each scene raises the stakes or closes an easy way out. Deepen the ' +
          'relationships and the antagonist’s threat, so the collision ahead feels inevitable.',
      },
      {
        header: 'Climax',
        description:
          'The turning point: the protagonist makes the decisive choice or confronts the opposing force head ' +
          'on. After this scene the story’s direction, and the protagonist’s fate, can no longer be undone.',
      },
      {
        header: 'Falling Action',
        description:
          'The consequences of the climax play out. Loose threads tighten, secondary conflicts resolve, and ' +
          'suspense holds over how the final outcome will land.',
      },
      {
        header: 'Dénouement',
        description:
          'The final resolution: the conflict is settled, the characters reach their new normal, and the ' +
          'theme is made clear by what was won or lost.',
      },
    ],
  },
  {
    type: 'heroJourney',
    name: "The Hero's Journey",
    summary: 'Twelve stages of departure, initiation and return, after Campbell and Vogler.',
    sections: [
      {
        header: 'The Ordinary World',
        description:
          'Show the hero at home before the adventure: their routine, relationships, limits and the inner ' +
          'need they do not yet see. This is the baseline the journey will transform.',
      },
      {
        header: 'The Call to Adventure',
        description:
          'A problem, challenge or messenger disrupts the ordinary world and offers the hero a quest. Make ' +
          'the stakes clear: what will be gained by going, and lost by staying.',
      },
      {
        header: 'Refusal of the Call',
        description:
          'Fear, duty or doubt makes the hero hesitate or refuse. Show what holds them back, so their eventual ' +
          'commitment means something.',
      },
      {
        header: 'Meeting the Mentor',
        description:
          'A guide, object or memory gives the hero advice, training or a gift that builds the confidence to ' +
          'go. The mentor prepares the hero but cannot make the journey for them.',
      },
      {
        header: 'Crossing the Threshold',
        description:
          'The hero commits and leaves the known world for the special world of the adventure, where the rules ' +
          'are different. There is no turning back.',
      },
      {
        header: 'Tests, Allies, Enemies',
        description:
          'In the special world the hero learns its rules through trials, finds friends and makes enemies. ' +
          'Each test reveals character and builds the skills the ordeal will demand.',
      },
      {
        header: 'Approach to the Inmost Cave',
        description:
          'The hero and allies prepare for the central danger: plans are made, doubts resurface, and tension ' +
          'rises as they near the place where the greatest fear waits.',
      },
      {
        header: 'The Ordeal',
        description:
          'The hero faces their greatest challenge so far, a life-or-death crisis in which something must die, ' +
          'literally or symbolically, so that the hero can be reborn.',
      },
      {
        header: 'Reward',
        description:
          'Having survived, the hero seizes the reward: an object, knowledge, reconciliation or love. Let the ' +
          'characters celebrate, and show how the hero has changed.',
      },
      {
        header: 'The Road Back',
        description:
          'The hero turns for home, but the forces of the ordeal strike back. A chase or a new setback renews ' +
          'the stakes and forces a choice between personal goal and a higher cause.',
      },
      {
        header: 'The Resurrection',
        description:
          'The climax: a final, most dangerous test on the threshold of home, where the hero must use ' +
          'everything learned. The old self is left behind for good.',
      },
      {
        header: 'Return with the Elixir',
        description:
          'The hero returns to the ordinary world transformed, bringing something that heals or changes it. ' +
          'Close the open threads and mirror the opening to show how far they have come.',
      },
    ],
  },
];

export function outlineTemplate(type: OutlineTemplateType): OutlineTemplate {
  const template = OUTLINE_TEMPLATES.find((candidate) => candidate.type === type);
  if (!template) throw new Error(`Unknown outline template: ${type}`);
  return template;
}
