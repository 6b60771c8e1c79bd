/** Placeholder until the guide lands. */
export const domainGuide = () => '# Guide\n';
