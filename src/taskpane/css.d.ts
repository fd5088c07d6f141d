// Stylesheets are bundled as text (webpack: `type: "asset/source"`) and injected by the page.
declare module "*.css" {
  const text: string;
  export default text;
}
