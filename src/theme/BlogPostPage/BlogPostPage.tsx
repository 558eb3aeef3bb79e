export default function BlogPostPage(_: { data: unknown; page: unknown }) { return null; }
