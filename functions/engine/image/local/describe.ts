import type { ImageStyle } from '../types';
import { describeLook, listJoin, type CharacterLook } from './look';
import { INDOOR } from './indoor';
import { OUTDOOR } from './outdoor';
import type { ScenePlan } from './scene-plan';
import { styleKit } from './style-kit';
import { describeWeather } from './weather';

/**
 * Text descriptions of pictures: what the local renderer drew (returned as `prompt`) and what a
 * text-to-image model is asked for. One source, so both engines agree on the content.
 */
const styleLabel = (style: ImageStyle) => styleKit(style, 1).label;

export function describeScene(plan: ScenePlan): string {
  const { setting, sky } = plan;
  const drawer = setting.interior
    ? INDOOR[setting.kind as keyof typeof INDOOR]
    : OUTDOOR[setting.kind as keyof typeof OUTDOOR];
  const place = plan.includeBackground
    ? `${drawer.label} (${setting.interior ? 'interior' : 'exterior'}) — ${plan.scene.location}`
    : `${plan.scene.location}, characters on a plain backdrop`;
  const features = plan.includeBackground ? drawer.features(sky, plan.text).filter(Boolean) : [];
  if (plan.includeBackground && setting.interior)
    features.push(`a window showing ${OUTDOOR[setting.view].label} outside`);
  const sentences = [
    `${capitalise(styleLabel(plan.style))}: ${place}, ${sky.label}.`,
    features.length ? `Scene: ${listJoin(features)}.` : '',
    plan.scene.visual_description ? `${plan.scene.visual_description.trim().replace(/\.?$/, '.')}` : '',
    `Mood: ${plan.tint.label}${plan.lightingMood ? `; lighting: ${plan.lightingMood}` : ''}.`,
    describeWeather(plan.weather).length ? `Weather: ${listJoin(describeWeather(plan.weather))}.` : '',
    plan.cast.length
      ? `Characters standing in the scene: ${plan.cast.map((c) => describeLook(c.look)).join('; ')}${plan.offstage.length ? ` (also present: ${plan.offstage.join(', ')})` : ''}.`
      : 'No people.',
    plan.customPrompt ? plan.customPrompt.trim() : '',
  ];
  return sentences.filter(Boolean).join(' ');
}

export function describePortrait(look: CharacterLook, style: ImageStyle, customPrompt?: string): string {
  return [
    `${capitalise(styleLabel(style))}: head-and-shoulders portrait of ${describeLook(look)}.`,
    'Facing the viewer, neutral expression, plain softly lit background.',
    customPrompt?.trim() ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
