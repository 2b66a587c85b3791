// Mantine's whole stylesheet (layered, like mantine-styles.ts), loaded with the code of every page other than
// the landing pages (router.tsx) and with the widgets the landing pages load on use (issue 20, decision 047).
import '@mantine/core/styles.layer.css';
